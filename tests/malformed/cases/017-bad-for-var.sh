# expect: status=2 stderr=syntax error: bad for loop variable
for 1 in a; do :; done
