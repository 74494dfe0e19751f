trap 'echo in-trap; exit 9; echo never' EXIT
echo body
exit 1
