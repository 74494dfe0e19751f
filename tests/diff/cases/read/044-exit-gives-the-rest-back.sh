printf 'l1\nl2\nl3\n' >f
{ sh -c 'read x; exit' ; cat; } <f
{ (read x; exit 3); echo "status $?"; cat; } <f
