false || echo rescued > f &
wait
cat f
