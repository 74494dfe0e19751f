exec 3>f
echo a >&3
echo b >&3
exec 3>&-
cat f
