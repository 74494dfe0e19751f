set -- a b c
x="$@"
echo "[$x]"
y=$*
echo "[$y]"
