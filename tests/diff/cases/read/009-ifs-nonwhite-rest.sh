IFS=, read a b <<EOF
1,2,3,
EOF
echo "[$a] [$b]"
IFS=, read a b <<EOF
1,2,
EOF
echo "[$a] [$b]"
