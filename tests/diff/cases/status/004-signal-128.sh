sleep 5 &
kill -TERM $!
wait $!
echo $?
