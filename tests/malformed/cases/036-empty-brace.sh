# expect: status=2 stderr=syntax error: unexpected '}'
{ }
