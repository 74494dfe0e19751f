f() { echo not run; }
f </no_such_dir/file 2>/dev/null
echo "status $?"
