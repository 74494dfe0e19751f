# expect: status=2 stderr=syntax error: unterminated \$\(
echo $(abc
