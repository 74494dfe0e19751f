# expect: status=126 stderr=Permission denied
f=$(mktemp); printf "echo hi\n" > "$f"; chmod -x "$f"; "$f"; s=$?; rm -f "$f"; exit $s
