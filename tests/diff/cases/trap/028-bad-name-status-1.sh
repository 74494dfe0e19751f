trap 'echo x' NO_SUCH_SIG 2>/dev/null
echo "status $?"
trap
