exec 2>&1
PS4='+T '
set -x
echo one
y=$((1 + 1))
set +x
echo "y=$y"
