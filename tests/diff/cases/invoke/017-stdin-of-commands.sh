cat < /dev/null
echo "cat with /dev/null: $?"
