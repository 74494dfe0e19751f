# bash's words for an arithmetic error: the expression, what is wrong,
# the error token; status 1, the rest of the line dropped
echo $((1+)); echo never
echo "st=$?"
echo $(( 1 + )); echo "st=$?"
echo "st=$?"
echo $((1/0))
echo $((5%0))
echo $((1/0+2))
echo $(( 7 / ( 0 ) ))
x=4; echo $((x/=0)); echo "x=$x"
echo $((2**-1))
echo $((1 2))
echo $((1 @ 2))
echo $((1;2))
echo $((1?2))
echo $((1 ? 2 : ))
echo $((1?:3))
echo $((x=))
echo $((3=4))
echo $((1 = 2))
echo $((3+=4))
echo $((@))
echo $((5++))
echo $((!))
echo $((1<<))
echo $((1.5))
echo $((a[))
echo "st=$?"
