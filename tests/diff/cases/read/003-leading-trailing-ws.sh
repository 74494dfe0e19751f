read a b <<EOF
   lead   mid   trail   
EOF
echo "[$a] [$b]"
read line <<EOF
   kept inner   spaces   
EOF
echo "[$line]"
