(echo $((0x))) 2>/dev/null
echo "status $?"
(echo $((0xg))) 2>/dev/null
echo "status $?"
