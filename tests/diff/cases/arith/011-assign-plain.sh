echo $((z = 42))
echo $z
echo $((a = b = 3)) $a $b
