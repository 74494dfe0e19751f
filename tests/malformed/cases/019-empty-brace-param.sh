# expect: status=2 stderr=bad substitution
echo ${}
