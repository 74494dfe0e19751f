f() { return 300; }
if f; then echo true; else echo "false $?"; fi
f || echo "or $?"
! f; echo "not $?"
f; x=$?; echo "saved $x"
