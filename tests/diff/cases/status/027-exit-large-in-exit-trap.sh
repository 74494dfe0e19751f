trap 'echo "trap sees $?"' EXIT
exit 300
