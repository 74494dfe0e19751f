(( 1 + 1 )); echo $?
(( 0 )); echo $?
i=5
(( i++ )); echo "i=$i"
(( i += 10, i )) 2>/dev/null; echo "i=$i"
(( x = 2 ** 8 )); echo "x=$x"
echo $(( 2 ** 3 ** 2 )) $(( -2 ** 2 ))
(( y = 7 % 3 )) && echo "y=$y"
if (( i > 3 )); then echo big; fi
