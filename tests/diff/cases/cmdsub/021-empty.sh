echo "[$()]"
echo "[`true`]"
x=$( )
echo "[$x]"
