echo 'false; echo never-in-dot' > s.sh
set -e
. ./s.sh
echo never
