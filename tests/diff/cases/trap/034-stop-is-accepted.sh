trap 'echo never' STOP
echo "status $?"
trap - STOP
trap
