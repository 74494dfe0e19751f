# -t: 142 when the time runs out, what came before kept; -t 0 polls
sleep 1 | { read -t 0.2 x; echo "[$x] $?"; }
(printf part; sleep 1) | { read -t 0.2 x; echo "[$x] $?"; }
printf part | { read -t 1 x; echo "[$x] $?"; }
read -t 0 x </dev/null
echo "poll: $?"
