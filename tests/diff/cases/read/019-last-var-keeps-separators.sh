IFS=: read a b <<EOF
1:2:3:
EOF
echo "[$a] [$b]"
read a b <<EOF
  one   two   three  
EOF
echo "[$a] [$b]"
