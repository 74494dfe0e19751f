printf 'l1\nl2\nl3\nl4\n' >f
{ read a; echo x >/dev/null; read b; cat; } <f
echo "$a $b"
