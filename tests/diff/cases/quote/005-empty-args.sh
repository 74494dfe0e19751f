n() { echo $#; }
n "" '' x
n ""
n
