trap 'echo once' EXIT
exit 0
