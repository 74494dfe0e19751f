(sleep 0; echo a > f1) &
(echo b > f2) &
wait
cat f1 f2
echo "wait status $?"
