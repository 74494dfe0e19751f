d=$(mktemp -d); cd "$d"
touch 'a?' ab
echo a\?
echo a?
cd /; rm -rf "$d"
