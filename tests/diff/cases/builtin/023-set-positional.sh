set a b c
echo "$#: $*"
set -- "x y"
echo "$#: $1"
