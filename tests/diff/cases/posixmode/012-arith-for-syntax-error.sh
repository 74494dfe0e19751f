echo before
for ((i = 0; i < 2; i++)); do echo $i; done
echo never
