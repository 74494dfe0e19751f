f() { x=set-in-f; }
f
echo "$x"
