readonly a=a
f() { echo should not run; }
a=b f 2>/dev/null
echo not reached
