# a quoted word as the unexpected token: named as typed
f() "echo" 'a b'
echo after
