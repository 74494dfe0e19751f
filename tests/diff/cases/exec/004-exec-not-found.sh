(exec no_such_cmd_q 2>/dev/null)
echo $?
