# --posix: &> is & then a redirection of an empty command
echo out &> f
wait
cat f
echo "[$(cat f)]"
