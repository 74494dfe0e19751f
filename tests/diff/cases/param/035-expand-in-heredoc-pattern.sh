f=file.txt
cat <<EOF
${f%.txt}.md
EOF
