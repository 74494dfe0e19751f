alias a1='echo one'
a1
unalias a1
a1 2>/dev/null || echo "gone: $?"
alias b='echo b' c='echo c'
unalias -a
b 2>/dev/null || echo "all gone"
