x=y y=z z=4
echo $((x + 1))
