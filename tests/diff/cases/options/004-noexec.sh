echo before
set -n
echo never
