(trap 'echo sub-trap' EXIT; exit 6)
echo "subshell status $?"
