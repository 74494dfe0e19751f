set -- a
echo before
shift 3 2>/dev/null
echo never
