(exit -1) 2>/dev/null
echo "status $?"
