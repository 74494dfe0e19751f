cat <<EOF 2>/dev/null >out
text
EOF
cat out
