printf '1\n2\n3\n4\n' >f
while read x; do echo "$x:$(head -n 1)"; done <f
