# an unterminated array assignment: status 1
(exit 6)
x=(a b
