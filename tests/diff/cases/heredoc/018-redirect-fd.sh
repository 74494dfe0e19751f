cat 0<<EOF
zero
EOF
read a 3<<EOF <&3
three
EOF
echo "$a"
