# readonly b a=3 c: b is made readonly, a=3 fails, the script ends.
readonly a=1
(readonly b a=3 c 2>/dev/null; echo not reached)
echo "status $?"
