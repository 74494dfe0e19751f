# expect: status=0 stderr=
alias say='echo one
echo two
echo three'
say
echo after
