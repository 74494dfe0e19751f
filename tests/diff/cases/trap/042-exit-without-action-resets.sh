trap 'echo bye' EXIT
trap EXIT
echo "status $?"
trap
echo end
