set -- 6 7
echo $(($1 * $2))
x=2
echo $((${x} + ${#x}))
