echo "$(echo "inner \"quotes\"")"
echo "$(echo 'single')"
echo $(echo "a'b")
