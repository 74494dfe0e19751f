# expect: status=2 stderr=syntax error: unterminated quoted string
eval "echo \"abc"
echo never
