# an unterminated $((
echo $((1 +
