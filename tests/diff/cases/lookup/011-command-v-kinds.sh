alias al='echo x'
f() { :; }
command -v if; command -v cd; command -v :; command -v echo
command -v f; command -v al; command -v ls
command -v no_such_thing
echo "status $?"
