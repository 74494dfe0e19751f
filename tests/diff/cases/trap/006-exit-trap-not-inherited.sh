trap 'echo "main trap"' EXIT
(echo "subshell without own trap")
x=$(echo cmdsub)
echo "$x"
