no_such_command_abc 2>/dev/null
echo $?
./no_such_file 2>/dev/null
echo $?
