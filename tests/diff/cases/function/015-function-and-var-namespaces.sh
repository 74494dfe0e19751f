f=variable
f() { echo function; }
f
echo "$f"
