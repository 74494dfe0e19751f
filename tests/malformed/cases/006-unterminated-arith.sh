# expect: status=2 stderr=syntax error: missing '\)'
echo $((1+2)
