trap 'exit 7' EXIT
echo body
