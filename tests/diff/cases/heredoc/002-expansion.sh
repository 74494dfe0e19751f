name=world
cat <<EOF
hello $name
sum $((1 + 2))
cmd $(echo sub)
back `echo tick`
EOF
