set -u
(echo "$no_such_var"; echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
echo main goes on
