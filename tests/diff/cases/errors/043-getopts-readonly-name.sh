readonly o=1
getopts ab o -a 2>/dev/null
echo "status $?"
