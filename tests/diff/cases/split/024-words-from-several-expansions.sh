a='1 2' b='3 4'
set -- $a$b
echo "$# $*"
set -- "$a"$b
echo "$# [$1]"
