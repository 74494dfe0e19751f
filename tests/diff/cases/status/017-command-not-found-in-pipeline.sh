no_such_cmd_pl 2>/dev/null | cat
echo $?
echo x | no_such_cmd_pl 2>/dev/null
echo $?
