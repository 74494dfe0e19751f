alias run='echo run: ' word='expanded'
run word
alias norun='echo norun:'
norun word
