x=orig
x=temp :
echo "after special builtin: $x"
y=orig
y=temp true
echo "after regular builtin: $y"
