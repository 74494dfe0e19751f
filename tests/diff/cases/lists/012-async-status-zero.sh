false &
echo "status after &: $?"
wait
