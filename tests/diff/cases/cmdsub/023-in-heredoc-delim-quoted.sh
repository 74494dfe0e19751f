v=$(cat <<'EOF'
$literal `x`
EOF
)
echo "$v"
