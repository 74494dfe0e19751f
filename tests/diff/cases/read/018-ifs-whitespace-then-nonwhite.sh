IFS=' ,' read a b c <<EOF
  x , y,  z  
EOF
echo "[$a] [$b] [$c]"
