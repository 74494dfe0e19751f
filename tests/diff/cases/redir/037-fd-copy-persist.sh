exec 3>f
exec 4>&3
echo via4 >&4
exec 3>&- 4>&-
cat f
