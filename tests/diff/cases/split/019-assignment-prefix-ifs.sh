x='a:b'
IFS=: set -- $x
echo $#
IFS=: read a b <<EOF
1:2
EOF
echo "$a $b"
