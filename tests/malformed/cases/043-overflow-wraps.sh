# expect: status=0 stderr=
echo $((9223372036854775807+1))
