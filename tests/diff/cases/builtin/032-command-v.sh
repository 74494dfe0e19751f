command -v cat
command -v echo
f() { :; }
command -v f
alias a1='echo x'
command -v a1 | sed 's/^alias //'
command -v no_such_cmd_xyz
echo "status $?"
