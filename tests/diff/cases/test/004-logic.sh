[ ! -e missing ] && echo not
[ a = a -a b = b ] && echo and
[ a = b -o b = b ] && echo or
[ \( a = a \) ] && echo parens
[ a = a ] && [ b = b ] && echo shell-and
