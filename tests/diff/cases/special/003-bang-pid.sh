echo "[${!-unset-before}]" | sed 's/[0-9][0-9]*/N/'
sleep 0 &
p=$!
case $p in ''|*[!0-9]*) echo bad ;; *) echo numeric ;; esac
wait $p
echo "wait status $?"
[ "$p" = "$!" ] && echo stable
