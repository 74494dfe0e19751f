# expect: status=127 stderr=x: oops
# bash's status for ${x?word} (dash's 2 is 028, under --posix)
unset x
echo ${x?oops}
