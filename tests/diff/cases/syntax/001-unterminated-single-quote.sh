echo before
echo 'unterminated
echo never
