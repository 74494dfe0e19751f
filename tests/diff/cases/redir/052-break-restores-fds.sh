while :; do
	echo inside
	break
done > out
echo outside
cat out
