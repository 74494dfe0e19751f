false && true
echo "false&&true: $?"
true || false
echo "true||false: $?"
false || sh -c 'exit 4'
echo "$?"
