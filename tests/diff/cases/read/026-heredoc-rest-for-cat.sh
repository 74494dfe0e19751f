{ read x; cat; echo "x=$x"; } <<EOF
one
two
three
EOF
