# ERR fires where set -e would exit: not in conditions, && / || but the last, !
trap "echo ERR \$? at \$LINENO" ERR
false
if false; then :; fi
false && true
true && false
false || false
! true
f() { false; echo "in f"; return 3; }
f
( false; echo sub )
x=$(false; echo cs)
echo "x=$x"
{ false; }
false | true
true | false
[[ a == b ]]
(( 0 ))
while false; do :; done
g() { return 2; }; g
echo "st $?"
trap -p ERR
trap - ERR
false
echo done
