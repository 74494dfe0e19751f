n=$(printf 'x%.0s' $(seq 300))
./$n 2>/dev/null
echo "status $?"
$n 2>/dev/null
echo "status $?"
