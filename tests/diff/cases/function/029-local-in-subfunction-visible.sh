g() { v=changed-by-g; }
f() { local v=f-local; g; echo "f sees $v"; }
v=global
f
echo "global is $v"
