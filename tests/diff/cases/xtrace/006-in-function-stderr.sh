f() { echo in-f; }
set -x
f arg
set +x
