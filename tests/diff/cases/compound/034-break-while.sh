i=0
while :; do
	i=$((i+1))
	[ $i -gt 3 ] && break
	echo $i
done
until false; do echo once; break; done
