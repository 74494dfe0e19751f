# XCU trap: invalid signal names "do not cause the shell to abort".
trap 'echo x' NO_SUCH_SIGNAL 2>/dev/null
echo "status $?"
