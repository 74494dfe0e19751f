# expect: status=2 stderr=line 3: syntax error: arrays are not supported yet
echo a
x=(touch malformed-paren-ran); echo never
echo never
