readonly r=3
echo $((r = 5)) 2>/dev/null
echo not reached
