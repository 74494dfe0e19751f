# expect: status=0 stderr=
alias a='echo x; alias a="echo y"; echo z'
a
a
