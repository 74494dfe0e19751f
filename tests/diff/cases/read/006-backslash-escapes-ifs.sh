read a b <<'EOF'
x\ y z
EOF
echo "[$a] [$b]"
