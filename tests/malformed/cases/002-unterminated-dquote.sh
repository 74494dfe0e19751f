# expect: status=2 stderr=syntax error: unterminated quoted string
echo "abc
