# expect: status=2 stderr=line 3: unexpected EOF while looking for matching `\)'
echo $(abc
