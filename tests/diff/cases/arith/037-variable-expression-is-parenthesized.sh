x='y + 1' y=2
echo $((x * 3))
