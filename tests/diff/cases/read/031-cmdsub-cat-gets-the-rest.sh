printf '1\n2\n3\n4\n' >f
{ read a; x=$(cat); echo "[$x]"; } <f
