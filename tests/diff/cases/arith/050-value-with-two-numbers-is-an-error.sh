x='1 2'
echo $((x)) 2>/dev/null
echo not reached
