cat <<EOF > f
in file
EOF
cat f
