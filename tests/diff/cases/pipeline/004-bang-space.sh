! echo visible
echo "status $?"
