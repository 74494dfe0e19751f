cat <<EOF
now: $(echo inner; echo second)
nested: $(echo "$(echo deep)")
EOF
