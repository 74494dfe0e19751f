name=world
cat <<'EOF'
hello $name $(echo no) `no`
EOF
cat <<"EOF"
dq $name
EOF
cat <<\EOF
bs $name
EOF
