printf '1\n2\n3\n4\n5\n6\n' >f
while read x; do head -n 1 | sed "s/^/$x:/"; done <f
