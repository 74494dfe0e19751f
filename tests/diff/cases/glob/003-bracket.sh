d=$(mktemp -d); cd "$d"
touch a b c x1 x2 X3
echo [ab]
echo [!ab]
echo x[0-9]
echo [[:upper:]]*
echo [a-c]
cd /; rm -rf "$d"
