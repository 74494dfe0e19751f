read x <<EOF
builtin-heredoc
EOF
echo "$x"
read y
echo "stdin after: [$y]"
