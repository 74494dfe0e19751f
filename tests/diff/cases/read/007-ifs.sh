IFS=: read a b c <<EOF
1:2:3:4:5
EOF
echo "[$a] [$b] [$c]"
IFS=: read a b <<EOF
:x
EOF
echo "[$a] [$b]"
