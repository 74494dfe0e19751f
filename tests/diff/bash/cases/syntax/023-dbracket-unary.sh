# a unary operator without its operand
(exit 4)
[[ -f ]]
echo after
