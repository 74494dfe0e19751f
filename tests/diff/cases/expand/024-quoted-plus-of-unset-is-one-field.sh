set -- "${x+}"
echo $#
set -- "${x+""}"
echo $#
set -- ""${x+}
echo $#
