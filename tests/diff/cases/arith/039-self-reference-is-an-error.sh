x='x + 1'
echo $((x)) 2>/dev/null
echo not reached
