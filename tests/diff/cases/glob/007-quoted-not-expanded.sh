d=$(mktemp -d); cd "$d"
touch a b
echo "*" '*' \*
x='*'
echo "$x"
echo $x
cd /; rm -rf "$d"
