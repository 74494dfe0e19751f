{ echo not run; } </no_such_dir/file 2>/dev/null
echo "status $?"
for i in 1; do echo not run; done </no_such_dir/file 2>/dev/null
echo "status $?"
