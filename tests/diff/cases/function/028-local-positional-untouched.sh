f() { local x=$1; shift; echo "$x then $*"; }
f a b c
