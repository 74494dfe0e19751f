# coproc cmd args: a simple command is named COPROC (a first word is a
# name only before a compound command); bash unsets NAME as soon as it
# reaps the coproc, so each one stays alive while the case uses it
coproc cat
p=$COPROC_PID
echo hi >&"${COPROC[1]}"
read -r -u "${COPROC[0]}" x; echo "COPROC: $x"
kill "$p"; wait "$p"; echo "st=$?"
echo "${COPROC[@]-gone}"
coproc { echo one; echo two; sleep 0.2; }
mapfile -t -u "${COPROC[0]}" arr; echo "${arr[*]}"
wait
echo "${COPROC_PID-gone}"
coproc sh -c 'printf "%s\n" a b; sleep 0.2'
cat <&"${COPROC[0]}"
wait
coproc W while read -r l; do echo "w:$l"; done
p=$W_PID
echo q >&"${W[1]}"
read -r r <&"${W[0]}"; echo "$r"
kill "$p"; wait "$p" 2>/dev/null
f() { coproc L { echo in-f; sleep 0.2; }; head -n 1 <&"${L[0]}"; wait; }
f
