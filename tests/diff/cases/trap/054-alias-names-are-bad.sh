trap 'echo x' IOT 2>/dev/null
echo "status $?"
trap 'echo x' CLD 2>/dev/null
echo "status $?"
trap
