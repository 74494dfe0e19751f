set -u
set -- a
echo "one: $1"
echo "two: $2" 2>/dev/null
echo not reached
