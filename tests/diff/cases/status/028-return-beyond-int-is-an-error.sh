f() { return 2147483648; }
f 2>/dev/null
echo not reached
