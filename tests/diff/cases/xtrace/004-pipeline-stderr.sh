set -x
true && echo yes
false || echo rescued
{ set +x; } 2>/dev/null
echo done
