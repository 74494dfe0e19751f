trap 'echo bye' EXIT
trap 0
trap
echo end
