set -- a "b c"
cat <<EOF
[$@] [$*] [$#]
EOF
