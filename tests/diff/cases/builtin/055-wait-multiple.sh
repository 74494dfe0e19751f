sh -c 'exit 1' & a=$!
sh -c 'exit 2' & b=$!
sh -c 'exit 3' & c=$!
wait $a; echo $?
wait $b; echo $?
wait $c; echo $?
