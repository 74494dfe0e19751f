echo should-not-read > f
cat &
wait
echo done
