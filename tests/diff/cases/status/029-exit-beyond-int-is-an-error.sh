(exit 4294967296) 2>/dev/null
echo "status $?"
