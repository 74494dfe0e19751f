exec 3>&1 1>f
echo hidden
exec 1>&3 3>&-
echo shown
cat f
