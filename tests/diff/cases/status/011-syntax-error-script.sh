echo printed-before
eval 'case x in' 2>/dev/null
echo "eval status $?"
