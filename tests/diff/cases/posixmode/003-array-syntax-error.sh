# --posix: a=(x) is a syntax error; nothing of the line runs
echo first
x=(rm -rf build); echo never
echo never
