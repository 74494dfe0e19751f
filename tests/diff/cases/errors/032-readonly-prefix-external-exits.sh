readonly a=a
a=b /bin/echo should not run 2>/dev/null
echo not reached
