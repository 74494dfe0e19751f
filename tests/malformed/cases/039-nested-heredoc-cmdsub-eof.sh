# expect: status=2 stderr=line 4: unexpected EOF while looking for matching `\)'
x=$(cat <<EOF
abc
