no_such_command_x 2>err
echo "status $?"
[ -s err ] && echo message went to err
