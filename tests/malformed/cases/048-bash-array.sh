# expect: status=2 stderr=line 3: syntax error: unexpected
echo a
x=(touch malformed-paren-ran); echo never
echo never
