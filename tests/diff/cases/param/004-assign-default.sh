unset u; e=
echo "[${u:=new}] u=$u"
echo "[${e:=filled}] e=$e"
unset v
echo "[${v=plain}] v=$v"
w=
echo "[${w=kept-empty}] w=[$w]"
