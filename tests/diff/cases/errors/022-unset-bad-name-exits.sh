x=1
unset 1abc 2>/dev/null
echo not reached
