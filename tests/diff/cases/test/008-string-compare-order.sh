[ a \< b ] && echo less 2>/dev/null
[ b \> a ] && echo greater 2>/dev/null
[ "-n" = "-n" ] && echo dash-n-operand
[ = = = ] && echo equals-operand
