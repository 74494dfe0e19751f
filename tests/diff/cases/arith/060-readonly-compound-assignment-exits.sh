readonly r=3
: $((r += 1)) 2>/dev/null
echo not reached
