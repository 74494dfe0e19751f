printf '1\n2\n3\n' >f
{ (read a; echo "sub $a"); read b; echo "main $b"; } <f
