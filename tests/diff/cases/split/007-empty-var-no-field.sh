e=
n() { echo $#; }
n $e
n "$e"
n $e $e x
n ''$e
