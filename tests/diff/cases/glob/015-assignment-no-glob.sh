d=$(mktemp -d); cd "$d"
touch a b
x=*
echo "$x"
cd /; rm -rf "$d"
