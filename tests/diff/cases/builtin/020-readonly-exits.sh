readonly R=1
echo before
R=2 2>/dev/null
echo never
