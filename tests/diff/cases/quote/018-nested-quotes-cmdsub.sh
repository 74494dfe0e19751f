echo "$(echo "a  'b'  \"c\"")"
echo "`echo 'x  y'`"
