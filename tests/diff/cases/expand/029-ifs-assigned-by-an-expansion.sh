# An expansion that assigns IFS before the next field is split: the new
# value splits it (the old one is freed: ASan caught a use after free).
x="a:b c"
IFS=
echo ${IFS:=:} $x
IFS=
echo $x ${IFS:=:} $x
IFS=' '
echo $x $((IFS=1)) $x
unset IFS
echo $x ${IFS=:} $x
