x=$(echo hi) >&-
echo "[$x]"
