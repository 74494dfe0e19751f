printf '1 a\n2 b\n3 c\n' >f
while read n w; do echo "$w$n"; done <f
echo "after [$n][$w]"
