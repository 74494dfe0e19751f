a=3 b=5
echo $((a < b ? b - a : a - b)) $((a > b ? a : b))
echo $(( (a == 3) + (b == 5) * 2 ))
