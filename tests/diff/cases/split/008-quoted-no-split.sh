x='a b c'
n() { echo $#; }
n $x
n "$x"
n "$x"$x
