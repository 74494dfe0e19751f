x='a:b'
f() { IFS=:; set -- $x; echo $#; }
f
set -- $x
echo $#
