trap 'echo "exit trap status $?"' EXIT
set -e
false
