echo $(( (x) = 1 )) 2>/dev/null
echo not reached
