# expect: status=2 stderr=syntax error
x=$(cat <<EOF
abc
