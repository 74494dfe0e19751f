# an operator without its right operand
true
[[ a == ]]
echo after
