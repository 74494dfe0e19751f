# expect: status=2 stderr=is read only
readonly r=1
echo $((r=2))
