unset n
echo $(( ${n:=4} + 1 )) $n
