cat <<EOF && echo after-and
body
EOF
