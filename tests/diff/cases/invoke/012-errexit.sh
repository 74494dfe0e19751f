set -e
echo start
false
echo never
