printf 'a 1\nb 2\nc 3\n' > f
while read name num; do
	echo "$num:$name"
done < f
