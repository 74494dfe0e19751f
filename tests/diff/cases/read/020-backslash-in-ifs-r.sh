IFS='\' read -r a b <<'EOF'
x\y\z
EOF
echo "[$a] [$b]"
