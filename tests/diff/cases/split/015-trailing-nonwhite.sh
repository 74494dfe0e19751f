IFS=,
x='a,b,'
set -- $x
echo $#
x='a,,'
set -- $x
echo $#
x=','
set -- $x
echo $#
