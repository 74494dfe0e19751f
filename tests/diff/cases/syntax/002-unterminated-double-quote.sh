echo before
echo "unterminated
