# expect: status=127 stderr=a: not found
alias a=a
a
