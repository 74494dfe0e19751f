cat <<EOF >&2
to stderr
EOF
