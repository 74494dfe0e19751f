trap 'echo hi' USR1
trap 'echo bye' EXIT
trap > f
sort f
trap - USR1 EXIT
trap > f
cat f
echo end
