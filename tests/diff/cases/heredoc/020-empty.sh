cat <<EOF
EOF
echo "after empty"
