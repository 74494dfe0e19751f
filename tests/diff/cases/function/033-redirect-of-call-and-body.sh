f() { echo body-out; echo body-err >&2; } 2>/dev/null
f
f 2>&1
