x='*'
y="a b"
set -- $y$x
echo $#
