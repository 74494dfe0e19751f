HOME='$x * $((1))'
x=X
printf '[%s]' ~; echo
