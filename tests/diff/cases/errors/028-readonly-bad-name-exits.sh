readonly 'a b' 2>/dev/null
echo not reached
