readonly a=a
a=b ./no_such_command 2>/dev/null
echo not reached
