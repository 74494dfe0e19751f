x=aaaaaaaaaab
echo "${x#*a}" "${x##*a}" "${x%a*}" "${x%%a*}"
