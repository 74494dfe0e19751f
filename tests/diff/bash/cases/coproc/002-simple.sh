# coproc cmd args: a simple command is named COPROC (a first word is a
# name only before a compound command)
coproc cat
echo hi >&"${COPROC[1]}"
read -r -u "${COPROC[0]}" x; echo "COPROC: $x"
kill "$COPROC_PID"; wait "$COPROC_PID"; echo "st=$?"
echo "${COPROC[@]-gone}"
coproc { echo one; echo two; }
mapfile -t -u "${COPROC[0]}" arr; echo "${arr[*]}"
wait
echo "${COPROC_PID-gone}"
coproc printf '%s\n' a b
cat <&"${COPROC[0]}"
wait
coproc W while read -r l; do echo "w:$l"; done
echo q >&"${W[1]}"
read -r r <&"${W[0]}"; echo "$r"
kill "$W_PID"; wait "$W_PID" 2>/dev/null
f() { coproc L { echo in-f; }; cat <&"${L[0]}"; wait; }
f
