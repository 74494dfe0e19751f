read a <<'EOF'
a\tb\\c\ d
EOF
printf "[%s]\n" "$a"
read -r b <<'EOF'
a\tb\\c\ d
EOF
printf "[%s]\n" "$b"
