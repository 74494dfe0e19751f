readonly v=1
echo new | read v 2>/dev/null
echo "pipe status $?"
read v <<EOF 2>/dev/null
new
EOF
echo "status $? v=$v"
