export 1abc=2 2>/dev/null
echo not reached
