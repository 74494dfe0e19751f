trap 'echo x' INT TERM USR1
trap -- - INT TERM
echo "status $?"
trap
