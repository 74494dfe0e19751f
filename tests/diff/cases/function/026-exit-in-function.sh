f() { echo in-f; exit 4; }
f
echo never
