exec 3>f
sh -c 'echo from-child >&3'
exec 3>&-
cat f
