x=$(echo a; exit 1; echo b)
echo "[$x] $?"
echo still-running
