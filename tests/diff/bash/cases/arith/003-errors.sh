(( 1 + )) 2>/dev/null
echo "st=$?"
(( 1 / 0 )) 2>/dev/null
echo "st=$?"
