printf '1\n2\n3\n' > f
while read n; do echo "n=$n"; done < f
i=0
while [ $i -lt 2 ]; do echo "i=$i"; i=$((i+1)); done > g
cat g
echo "i after loop: $i"
