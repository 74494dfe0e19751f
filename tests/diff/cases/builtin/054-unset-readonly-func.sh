f() { echo f; }
unset -f f
unset -f f
echo "unset twice: $?"
