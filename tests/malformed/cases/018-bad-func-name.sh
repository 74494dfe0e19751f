# expect: status=2 stderr=syntax error: bad function name
1f() { :; }
