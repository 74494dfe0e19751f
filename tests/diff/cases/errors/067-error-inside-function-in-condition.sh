f() { shift 5; echo not reached; }
if f 2>/dev/null; then echo no; else echo no2; fi
echo not reached either
