type echo >/dev/null && echo "echo: found"
type cat | grep -q /cat && echo "cat: path"
f() { :; }
type f >/dev/null && echo "f: found"
type no_such_cmd_z >/dev/null 2>&1 || echo "missing: status $?"
