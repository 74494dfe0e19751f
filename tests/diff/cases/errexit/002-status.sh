set -e
sh -c 'exit 7'
echo never
