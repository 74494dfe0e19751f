set -- a b
echo "${#} ${@} ${*}"
false
echo "${?}"
