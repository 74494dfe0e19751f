trap 'echo "trap sees $?"' EXIT
sh -c 'exit 3'
