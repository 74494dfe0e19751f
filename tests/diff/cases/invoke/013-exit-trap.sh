trap 'echo bye' EXIT
echo body
