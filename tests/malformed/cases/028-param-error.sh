# expect: status=2 stderr=x: need x
x=${x:?need x}
echo never
