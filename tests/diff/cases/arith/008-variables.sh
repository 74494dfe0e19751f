a=5 b=3
echo $((a + b)) $(($a * $b)) $((a - b * 2))
unset u
echo $((u + 1))
e=
echo $((e + 1)) 2>/dev/null || true
