echo $((x + 1 = 3)) 2>/dev/null
echo not reached
