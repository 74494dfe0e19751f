v="a   b"
w=$v
echo "[$w]"
x=*
echo "[$x]"
