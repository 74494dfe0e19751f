# bash's numbers: 0x, 0 octal, BASE#DIGITS, wrapping; a bad one is one
# token; the comma operator
echo $((0x1F)) $((017)) $((0x)) $((2#1010)) $((16#ff)) $((36#z)) $((64#@)) $((64#_))
echo $((9223372036854775807 + 1)) $((9223372036854775808)) $((0xFFFFFFFFFFFFFFFFF))
echo $((08))
echo $((09+1))
echo $((1a))
echo $((1e3))
echo $((0xg))
echo $((2#))
echo $((2#2))
echo $((10#a))
echo $((37#Z))
echo $((65#1))
echo $((1#1))
echo $((0#1))
echo $((10#))
echo $((1,2)) $((a=1, b=a+1, a+b)) $(( (1, 2) * 3 )) $((1 ? 2,3 : 4))
for ((i=0, j=3; i<j; i++, j--)); do echo "$i $j"; done
let 'q = 1,2' 'w=3, q+w'; echo "st=$? $q $w"
echo $((1,))
echo $((,1))
