x=$(echo out; echo err >&2) 2>/dev/null
echo "[$x]"
y=$( { echo out2; echo err2 >&2; } 2>&1 )
echo "[$y]"
