set -- a b
echo "${*}|${@}|${#}"
IFS=-
echo "${*}"
