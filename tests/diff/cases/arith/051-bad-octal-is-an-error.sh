(echo $((09))) 2>/dev/null
echo "status $?"
x=08
(echo $((x))) 2>/dev/null
echo "status $?"
