(eval 'fi'; echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
