wait 99999 2>/dev/null
echo "status $?"
