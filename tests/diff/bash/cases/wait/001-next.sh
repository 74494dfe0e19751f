# wait -n: the next running job to end; 127 when none runs
(sleep 0.2; exit 3) & (sleep 0.6; exit 4) &
wait -n
echo "first: $?"
wait -n
echo "second: $?"
wait -n
echo "none: $?"
(sleep 0.4; exit 7) & p=$!
(sleep 0.1; exit 2) &
wait -n $p
echo "by pid: $?"
wait -x
echo "bad: $?"
