# expect: status=2 stderr=arithmetic expression: expecting primary
echo $((1+))
