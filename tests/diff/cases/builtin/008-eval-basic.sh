eval echo hello
cmd='x=5; echo "x is $x"'
eval "$cmd"
eval 'y=$x'
echo "y=$y"
