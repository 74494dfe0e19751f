f() { return 3; }
f
echo "status $?"
g() { false; }
g
echo "status $?"
h() { sh -c 'exit 4'; return; }
h
echo "status $?"
