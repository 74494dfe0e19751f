trap 'echo "USR1 trap sees $?"' USR1
sh -c 'exit 4'
kill -USR1 $$
echo "after: $?"
