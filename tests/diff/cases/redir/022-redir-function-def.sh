f() { echo in-f; echo err-f >&2; } > out 2>&1
f
echo "--"
cat out
g() { cat; } < out
g
