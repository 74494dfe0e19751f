sh -c 'exit 5' &
wait $!
echo "wait status $?"
