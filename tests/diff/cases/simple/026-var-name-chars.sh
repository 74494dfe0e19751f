_x=1 x_1=2 X=3
echo $_x $x_1 $X
echo $x-y $x_1y
