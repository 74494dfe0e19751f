# --posix: [[ is an ordinary word (a command that is not found)
[[ a == a ]] 2>/dev/null
echo "st=$?"
echo [[ x ]]
