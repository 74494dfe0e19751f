[ 1 -eq abc ] 2>/dev/null
echo "status $?"
[ a = ] 2>/dev/null
echo "status $?"
