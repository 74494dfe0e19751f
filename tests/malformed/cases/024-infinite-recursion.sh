# expect: status=2 stderr=function nesting too deep
f() { f; }
f
