printf 'l1\nl2\nl3\n' >f
{ read a; g() { read b; }; g; cat; } <f
echo "$a $b"
