trap 'echo "exit trap"' EXIT
echo body
