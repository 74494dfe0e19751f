set -u
f() { echo "in f: $1"; echo not reached; }
f 2>/dev/null
echo not reached either
