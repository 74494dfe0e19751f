IFS=:
f() { unset IFS; x='a b'; set -- $x; echo $#; }
f
x='a:b c'
set -- $x
echo $#
