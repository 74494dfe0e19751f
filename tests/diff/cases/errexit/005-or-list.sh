set -e
false || true
echo "after or"
false || false
echo never
