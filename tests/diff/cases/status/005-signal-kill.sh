sleep 5 &
kill -9 $!
wait $!
echo $?
