set -e
echo "arg: $(false)"
echo "echo succeeded so script continues"
