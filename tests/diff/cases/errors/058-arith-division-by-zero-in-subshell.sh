(echo $((1 / 0)); echo not reached) 2>/dev/null
echo "status $?"
