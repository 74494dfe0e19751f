trap 'echo x' NO_SUCH_SIG INT 2>/dev/null
echo "status $?"
trap
