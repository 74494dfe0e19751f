x=outer
y=$(x=inner; echo $x)
echo "$x $y"
$(exit 0)
echo "empty command status $?"
