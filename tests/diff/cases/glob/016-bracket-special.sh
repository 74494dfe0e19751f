d=$(mktemp -d); cd "$d"
touch '!' a - ']'
echo [!a]
echo [a-]
echo []]
cd /; rm -rf "$d"
