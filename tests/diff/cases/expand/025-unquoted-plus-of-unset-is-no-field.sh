set -- ${x+}
echo $#
set -- ${x+"a"}
echo $#
