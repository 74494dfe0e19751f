d=$(mktemp -d); cd "$d"
touch a b
set -f
echo *
set +f
echo *
cd /; rm -rf "$d"
