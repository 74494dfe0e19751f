read a <<'EOF'
first \
second
EOF
printf "[%s]\n" "$a"
read -r b <<'EOF'
first \
second
EOF
printf "[%s]\n" "$b"
