trap 'echo x' 999 INT 2>/dev/null
echo "status $?"
trap 'echo y' 65 2>/dev/null
echo "status $?"
trap
