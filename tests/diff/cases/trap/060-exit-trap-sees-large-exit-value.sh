trap 'echo "in trap $?"' EXIT
exit 300
