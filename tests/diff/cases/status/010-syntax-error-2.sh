sh -c 'if then' 2>/dev/null
echo $?
eval 'fi' 2>/dev/null
echo $?
