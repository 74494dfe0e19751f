exec 3>f
x=$(echo to-three >&3 2>/dev/null) 3>&-
echo "[$x]"
cat f
echo end
