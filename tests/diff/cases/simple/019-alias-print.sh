alias x='echo hi'
alias x
alias 'y=printf %s\n'
alias y
