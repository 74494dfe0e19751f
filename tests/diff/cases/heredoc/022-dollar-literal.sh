cat <<EOF
cost: \$5 and $
EOF
