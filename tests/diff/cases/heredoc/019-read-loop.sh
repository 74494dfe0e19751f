while read a b; do
	echo "a=$a b=$b"
done <<EOF
1 2
3 4 5
EOF
