printf 'l1\nl2\nl3\nl4\n' >f
{ read a; read b | cat; read c; echo "$a|$c"; } <f
