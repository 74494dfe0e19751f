x=1 </no_such_dir/file 2>/dev/null
echo "status $? x=[${x-unset}]"
