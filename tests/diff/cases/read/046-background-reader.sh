printf 'l1\nl2\nl3\nl4\n' >f
{ read a; read b & wait; read c; echo "$a|$c"; } <f
