exec 4>>f
echo a >&4
echo b >>f
echo c >&4
exec 4>&-
cat f
