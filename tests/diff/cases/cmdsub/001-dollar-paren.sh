x=$(echo hello)
echo "$x"
echo "$(echo a) $(echo b)"
