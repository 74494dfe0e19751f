(eval 'if then') 2>/dev/null
echo $?
(eval 'fi') 2>/dev/null
echo $?
(eval 'for in') 2>/dev/null
echo $?
eval 'case x in' 2>/dev/null
echo never
