exec 5>&1
exec > f
echo hidden
exec 1>&5 5>&-
echo back
cat f
