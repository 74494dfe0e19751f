f() { set -- x y z; echo "$#"; }
set -- a
f
echo "$# $1"
