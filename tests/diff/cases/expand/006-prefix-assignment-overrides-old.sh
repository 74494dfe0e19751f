A=x
A=1 B=$A sh -c 'echo "[$B]"'
echo "A is $A"
