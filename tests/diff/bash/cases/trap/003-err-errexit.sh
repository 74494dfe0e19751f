# with set -e the ERR action runs first, then the shell exits with the status
trap 'echo "caught $?"' ERR
set -e
true
echo before
sh -c 'exit 7'
echo never
