d=$(mktemp -d); cd "$d"
touch 'a*b' axb
echo a*b
echo a'*'b
echo "a"*
cd /; rm -rf "$d"
