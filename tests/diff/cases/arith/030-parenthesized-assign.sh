x=2
echo $(( (x = 7) + x ))
echo $x
