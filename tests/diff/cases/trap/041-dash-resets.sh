trap 'echo x' USR1 USR2
trap - USR1 USR2
trap
echo "status $?"
