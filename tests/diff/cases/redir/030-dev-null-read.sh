cat < /dev/null
echo "empty: $?"
read x < /dev/null
echo "read status $?"
