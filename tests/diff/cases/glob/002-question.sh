d=$(mktemp -d); cd "$d"
touch a1 a2 a10 b1
echo a?
echo ??
echo a??
cd /; rm -rf "$d"
