printf -v v '%s-%d' a 5; echo "[$v]"
printf -v v '%s\n' a b; echo "[$v]"
printf -vw 'joined'; echo "[$w]"
printf -v v -- '%s' dash; echo "[$v]"
printf -v q '%q' 'a b'; echo "[$q]"
printf -v e ''; echo "[$e]" ${e+set}
f() { local l; printf -v l '%03d' "$1"; echo "$l"; }; f 7; echo "[${l-unset}]"
printf -v 'bad name' x; echo rc=$?
printf -v 1x x; echo rc=$?
readonly r=1; printf -v r 2; echo rc=$? r=$r
printf -v; echo rc=$?
printf -v n; echo rc=$?
