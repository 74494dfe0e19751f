eval 'if' 2>/dev/null
echo not reached
