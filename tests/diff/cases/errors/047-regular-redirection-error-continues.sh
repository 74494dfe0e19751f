cat </no_such_dir/file 2>/dev/null
echo "status $?"
