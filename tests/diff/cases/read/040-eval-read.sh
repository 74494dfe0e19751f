printf 'l1\nl2\nl3\n' >f
{ read a; eval 'read b'; cat; } <f
echo "$a $b"
