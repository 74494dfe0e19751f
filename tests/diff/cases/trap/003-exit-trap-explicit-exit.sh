trap 'echo "in trap"' EXIT
echo before
exit 5
echo never
