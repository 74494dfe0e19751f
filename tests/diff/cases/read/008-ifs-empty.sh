IFS= read a <<EOF
  spaces  kept  
EOF
echo "[$a]"
