false | true
echo "false|true: $?"
true | false
echo "true|false: $?"
sh -c 'exit 3' | sh -c 'exit 5'
echo "3|5: $?"
