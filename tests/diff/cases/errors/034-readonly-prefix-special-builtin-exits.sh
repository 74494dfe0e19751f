readonly a=a
a=b : 2>/dev/null
echo not reached
