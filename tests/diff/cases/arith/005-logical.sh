echo $((1 && 0)) $((1 && 2)) $((0 || 0)) $((0 || 3)) $((!1 || !0))
x=0
: $((0 && (x = 1)))
echo "short-circuit and: $x"
: $((1 || (x = 2)))
echo "short-circuit or: $x"
