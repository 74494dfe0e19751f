sleep 5 & p=$!
kill -s KILL $p
wait $p; echo $?
sleep 5 & p=$!
kill -USR1 $p
wait $p; echo $?
sleep 5 & p=$!
kill -15 $p
wait $p; echo $?
