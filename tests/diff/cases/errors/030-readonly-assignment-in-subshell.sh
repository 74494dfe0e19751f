readonly a=a
(a=b; echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
echo "a is $a"
