for x in a \
	b
do
	echo $x
done
for y in 1 2; do echo $y; done; echo after
