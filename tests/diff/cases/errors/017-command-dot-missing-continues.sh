command . ./no_such_file_here 2>/dev/null
echo "status $?"
