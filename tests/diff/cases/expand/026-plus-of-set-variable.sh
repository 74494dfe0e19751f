x=1
set -- "${x+}"
echo $#
set -- ${x+""}
echo $#
set -- ${x+"$nothing"}
echo $#
set -- ${x:+"a" "b"}
echo $#
