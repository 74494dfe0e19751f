sh -c 'exit 3' & p1=$!
sh -c 'exit 5' & p2=$!
wait $p2; echo "p2: $?"
wait $p1; echo "p1: $?"
