set -o no_such_option 2>/dev/null
echo not reached
