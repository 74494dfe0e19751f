d=$(mktemp -d); cd "$d"
touch c B a 2 10 1
echo *
cd /; rm -rf "$d"
