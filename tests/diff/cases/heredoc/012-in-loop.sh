for i in 1 2; do
	cat <<EOF
iteration $i
EOF
done
