trap -p 2>/dev/null
echo not reached
