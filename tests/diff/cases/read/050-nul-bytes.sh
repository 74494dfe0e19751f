printf 'a\0b\nc\n' >f
{ read x; read y; echo "[$y]"; } <f
