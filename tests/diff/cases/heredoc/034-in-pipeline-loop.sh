while read a; do
	echo "outer $a"
done <<EOF
$(printf '1\n2\n')
EOF
