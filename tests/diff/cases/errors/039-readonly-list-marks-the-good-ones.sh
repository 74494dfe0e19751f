readonly a=1
(readonly b=2 a=3 2>/dev/null; echo not reached)
readonly b=2 c=3
b=4 2>/dev/null || echo unreachable
echo not reached
