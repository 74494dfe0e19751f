(exit +3) 2>/dev/null
echo "status $?"
