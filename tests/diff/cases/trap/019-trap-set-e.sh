trap 'echo "cleanup $?"' EXIT
set -e
sh -c 'exit 4'
