set -e
eval 'false; echo never'
echo never
