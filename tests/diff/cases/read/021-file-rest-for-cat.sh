printf '1 a\n2 b\n3 c\n4 d\n' >f
{ read x; read y; cat; } <f
echo "$x|$y"
