f() { return abc; echo not reached; }
f 2>/dev/null
echo not reached either
