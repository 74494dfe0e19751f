f() { return 300; }
f; (exit $?); echo $?
