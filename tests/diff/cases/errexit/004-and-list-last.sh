set -e
true && false
echo never
