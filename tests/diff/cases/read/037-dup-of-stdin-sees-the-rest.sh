printf 'l1\nl2\nl3\nl4\n' >f
{ read a; exec 5<&0; read b; cat <&5; } <f
echo "$a $b"
