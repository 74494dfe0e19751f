i=5
: $((i = i + 1))
echo $i
j=0
while [ $((j += 1)) -le 3 ]; do printf '%s ' $j; done
echo
