# expect: status=2 stderr=syntax error: unexpected end of file
while :; do
