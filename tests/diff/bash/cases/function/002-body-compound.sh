# bash takes only a compound command as a function body (dash also a
# simple one).  bash words its syntax errors otherwise than sbxsh, so
# for the two refused definitions the status is what is compared.
f() [[ -n x ]] && echo cond; f
g() (echo sub); g
h() if true; then echo if; fi; h
k()
{ echo newline; }; k
eval 'bad() echo simple' 2>/dev/null; echo "after: $?"
eval 'function worse echo simple' 2>/dev/null; echo "after: $?"
