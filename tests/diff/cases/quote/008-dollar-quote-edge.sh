echo "$"
echo "a$"
echo '$'
echo "\$(not)"
