read a b c <<EOF
one two three four five
EOF
echo "[$a] [$b] [$c]"
read x y <<EOF
only
EOF
echo "[$x] [$y]"
