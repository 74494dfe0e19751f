n=4
echo "n*n=$((n * n)) and $((n + 1))th"
