for a in 1 2; do
	for b in x y; do
		continue 5
		echo never
	done
	echo never-either
done
echo "end $a$b"
