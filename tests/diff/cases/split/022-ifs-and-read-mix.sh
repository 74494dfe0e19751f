IFS=' :' read a b c <<EOF
 1 : 2 :3
EOF
echo "[$a] [$b] [$c]"
