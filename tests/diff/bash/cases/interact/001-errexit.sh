set -e
(( 1 )) && echo one
if (( 0 )); then echo no; else echo zero-tested; fi
[[ a == b ]] || echo tested
! [[ a == a ]] || echo negated
[[ x == y ]]
echo never
