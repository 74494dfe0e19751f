f() { echo "$1"; }
f hello > out
cat out
f world >> out
cat out
