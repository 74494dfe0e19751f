(echo $((--))) 2>/dev/null
echo "status $?"
(echo $((+))) 2>/dev/null
echo "status $?"
(echo $((1 2))) 2>/dev/null
echo "status $?"
