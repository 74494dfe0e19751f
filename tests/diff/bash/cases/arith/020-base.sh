# bash's BASE#DIGITS constants; SHLVL from the environment plus one
echo $((16#ff)) $((2#1010)) $((8#17)) $((36#z)) $((36#Z)) $((62#A)) $((64#@)) $((64#_))
x=16#10; echo $((x + 1))
(( 2#1 + 0 )) && echo ok
echo "${SHLVL:+set}"
