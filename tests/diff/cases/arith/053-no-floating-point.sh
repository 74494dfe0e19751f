(echo $((1.5))) 2>/dev/null
echo "status $?"
(echo $((1e3))) 2>/dev/null
echo "status $?"
