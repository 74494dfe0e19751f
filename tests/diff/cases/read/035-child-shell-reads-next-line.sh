printf 'l1\nl2\nl3\nl4\n' >f
{ read a; sh -c 'read b; echo "child $b"'; read c; echo "$a $c"; } <f
