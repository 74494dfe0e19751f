# an unterminated ${
echo ${x
