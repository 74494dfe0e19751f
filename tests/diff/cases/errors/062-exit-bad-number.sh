exit abc 2>/dev/null
echo not reached
