printf 'x:y:z\n1:2\n' >f
while IFS=: read a b; do echo "[$a][$b]"; done <f
