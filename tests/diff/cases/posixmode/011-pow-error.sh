echo $((2*3))
echo $((2**3)) 2>/dev/null
echo never
