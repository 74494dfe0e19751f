printf 'a\nb\nc\n' > f
while read l; do
	[ "$l" = b ] && break
	echo "$l"
done < f
echo "status $?"
