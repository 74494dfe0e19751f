eval '[[ a == ]]' 2>/dev/null
echo "st=$?"
eval '[[ ( a ]]' 2>/dev/null
echo "st=$?"
[[ 1 -eq x ]] 2>/dev/null
echo "st=$?"
