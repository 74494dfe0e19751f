./no_such_command 2>/dev/null
echo "status $?"
no_such_command_either 2>/dev/null
echo "status $?"
