{ echo out; echo err >&2; } > f 2>&1
echo "--"; cat f
{ echo out; echo err >&2; } 2>&1 > g
echo "--"; cat g
