unset y
echo before
: ${y:?gone} 2>/dev/null
echo never
