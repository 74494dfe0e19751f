printf 'a\nb\n' > f
while read l; do
	echo "outer $l"
	read inner < /dev/null || echo "inner empty"
done < f
