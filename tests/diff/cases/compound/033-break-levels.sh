for a in 1 2 3; do
	for b in 1 2 3; do
		[ $b = 2 ] && continue 2
		[ $a = 3 ] && break 2
		echo "$a.$b"
	done
	echo never
done
echo end
