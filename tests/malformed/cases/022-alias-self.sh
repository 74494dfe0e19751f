# expect: status=127 stderr=a: command not found
alias a=a
a
