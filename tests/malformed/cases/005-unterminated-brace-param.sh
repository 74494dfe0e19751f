# expect: status=2 stderr=syntax error: (unterminated \$\{|bad substitution)
echo ${abc
