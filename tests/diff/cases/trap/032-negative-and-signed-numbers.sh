trap 'echo x' -1 2>/dev/null
echo "status $?"
trap 'echo x' +1 2>/dev/null
echo "status $?"
trap 'echo x' 0x2 2>/dev/null
echo "status $?"
trap
