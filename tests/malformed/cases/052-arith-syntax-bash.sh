# expect: status=1 stderr=1\+: syntax error: operand expected \(error token is "\+"\)
# bash's words and status (dash's are 021, under --posix)
echo $((1+))
