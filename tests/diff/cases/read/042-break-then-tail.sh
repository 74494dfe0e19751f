seq 3000 >f
{ while read a; do [ "$a" = 1500 ] && break; done; tail -n 2; } <f
