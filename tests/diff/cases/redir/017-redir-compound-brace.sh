{ echo one; echo two; } > f
cat f
{ read a; read b; } < f
echo "$b $a"
