echo a; echo b; false; echo "status $?"
