f() { shift; echo "f: $*"; }
set -- a b c
f x y z
echo "main: $*"
