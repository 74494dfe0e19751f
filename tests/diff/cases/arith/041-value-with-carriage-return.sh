x=$(printf '3\r')
y=$(printf '\r5')
echo $((x + 1)) $((y))
