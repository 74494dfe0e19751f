f() { return -1; }
f 2>/dev/null
echo not reached
