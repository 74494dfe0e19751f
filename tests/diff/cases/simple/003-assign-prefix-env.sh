x=outer
x=inner sh -c 'echo "child sees $x"'
echo "parent has $x"
y=only-child sh -c 'echo "y=$y"'
echo "y=${y-unset}"
