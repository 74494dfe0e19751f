IFS=: read a b c <<EOF
1:2:3:4
EOF
echo "$a|$b|$c"
x='p q'
set -- $x
echo $#
