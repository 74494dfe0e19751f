{ echo one > f1; } & { echo two > f2; } &
wait
cat f1 f2
