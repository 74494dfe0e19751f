# expect: status=2 stderr=syntax error: unexpected ('newline'|end of file)
echo >
