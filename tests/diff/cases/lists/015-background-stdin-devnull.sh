echo data | { cat & wait; }
echo "end"
echo data2 | { cat < /dev/stdin & wait; } 2>/dev/null
