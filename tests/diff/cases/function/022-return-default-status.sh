f() { sh -c 'exit 9'; return; }
f; echo $?
g() { true; return; }
g; echo $?
