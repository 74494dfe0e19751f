set -u
x=$(echo "$nope"; echo inner) 2>/dev/null
echo "after: [$x]"
