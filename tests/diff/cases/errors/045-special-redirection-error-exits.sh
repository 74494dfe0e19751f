: </no_such_dir/file
echo not reached
