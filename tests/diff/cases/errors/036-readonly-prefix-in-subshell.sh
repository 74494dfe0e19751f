readonly a=a
(a=b echo should not run; echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
