# expect: status=2 stderr=line 2: unexpected EOF while looking for matching `''
echo 'abc
