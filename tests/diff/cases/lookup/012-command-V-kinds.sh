alias al='echo x'
f() { :; }
command -V if; command -V :; command -V echo; command -V f; command -V al
command -V no_such_thing
echo "status $?"
