x='*'
y='1 2 3'
[[ $y == "1 2 3" ]] && echo no-split
[[ $x == '*' ]] && echo no-glob
set -- a 'b c'
[[ "$*" == "a b c" ]] && echo star
z=
[[ $z == "" ]] && echo empty
[[ -z $unset ]] && echo unset-empty
