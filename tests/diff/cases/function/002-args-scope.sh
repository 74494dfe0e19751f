set -- outer1 outer2
f() { echo "in f: $# $1 $2"; }
f a b c
echo "after: $# $1 $2"
