set -- a b
x=1
set -- ${x+"$@"}
echo $#
set --
set -- ${x+"$@"}
echo $#
