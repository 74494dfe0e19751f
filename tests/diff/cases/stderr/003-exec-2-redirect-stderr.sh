exec 2>errfile
echo hidden >&2
exec 2>&1
cat errfile
echo visible >&2
