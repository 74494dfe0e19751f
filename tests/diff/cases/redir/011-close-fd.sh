exec 3> f
echo via3 >&3
exec 3>&-
echo again >&3 2>/dev/null || echo "write to closed fd failed"
cat f
