# dash takes names without the SIG prefix only (as POSIX names them).
trap 'echo x' SIGINT 2>/dev/null
echo "status $?"
trap 'echo x' SIGEXIT 2>/dev/null
echo "status $?"
trap
