trap 'false' USR1
sh -c 'exit 3'
kill -USR1 $$
echo "status $?"
