# dash sets the conditions before the bad one, not the ones after it.
trap 'echo x' INT NO_SUCH_SIG USR1 2>/dev/null
echo "status $?"
trap
