read a <<EOF
hello world
EOF
echo "[$a]"
