set -- x y
set -- "$@" z
echo "$# $*"
set -- 
echo "$#"
