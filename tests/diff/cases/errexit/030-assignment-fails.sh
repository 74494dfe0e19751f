set -e
x=$(true) y=$(false)
echo never
