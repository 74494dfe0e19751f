seq 2000 >f
n=0
while read a; do n=$((n + a)); done <f
echo "$n"
