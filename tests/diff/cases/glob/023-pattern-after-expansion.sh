d=$(mktemp -d); cd "$d"
touch x1 x2
v=x
echo $v*
echo "$v"*
cd /; rm -rf "$d"
