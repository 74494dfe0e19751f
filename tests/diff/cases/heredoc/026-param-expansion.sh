x=abc
cat <<EOF
${x} ${x#a} ${#x} ${y:-def}
EOF
