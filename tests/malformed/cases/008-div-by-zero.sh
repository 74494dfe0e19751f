# expect: status=2 stderr=line 3: arithmetic expression: division by zero
echo before
echo $((1/0))
echo never
