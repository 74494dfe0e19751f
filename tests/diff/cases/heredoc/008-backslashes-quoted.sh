cat <<'EOF'
a\$b c\\d line \
not-joined
EOF
