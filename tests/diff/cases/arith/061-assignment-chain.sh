b=5 c=10 d=5
echo $((a = b *= 2)) $((c /= d %= 3)) $a $b $c $d
