trap 'echo "trap runs, status $?"' EXIT
f() { exit 3; }
f
