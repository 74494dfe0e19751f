command eval 'if' 2>/dev/null
echo "status $?"
