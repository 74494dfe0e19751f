if true; then
	cat <<EOF
inside if
EOF
fi
