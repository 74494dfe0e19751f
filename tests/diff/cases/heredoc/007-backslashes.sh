cat <<EOF
a\$b
c\\d
e\f
g\`h
line \
joined
"dq" 'sq'
EOF
