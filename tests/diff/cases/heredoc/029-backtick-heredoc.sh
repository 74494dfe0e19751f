x=`cat <<EOF
in backticks
EOF
`
echo "$x"
