(. ./no_such_file_here; echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
echo main goes on
