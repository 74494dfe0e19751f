cat > f <<EOF
saved
EOF
cat f
