set -- a b
shift 3 2>/dev/null
echo not reached
