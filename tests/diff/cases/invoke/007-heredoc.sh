cat <<EOF
heredoc in $(echo script)
EOF
cat <<'EOF'
quoted $x
EOF
