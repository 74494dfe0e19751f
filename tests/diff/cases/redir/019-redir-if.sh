if true; then echo in-if; fi > f
cat f
if read x; then echo "got $x"; fi < f
