echo bg > f &
wait
cat f
