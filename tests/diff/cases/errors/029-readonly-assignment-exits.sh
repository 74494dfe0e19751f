readonly a=a
echo before
a=b 2>/dev/null
echo not reached
