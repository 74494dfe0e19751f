(trap 'echo no' EXIT; exec true)
echo "status $?"
(trap 'echo sub-trap-runs' EXIT; true)
