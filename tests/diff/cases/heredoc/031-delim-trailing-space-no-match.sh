cat <<EOF
EOF 
EOF
echo done
