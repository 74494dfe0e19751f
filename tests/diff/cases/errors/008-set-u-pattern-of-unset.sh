set -u
echo "${nope%x}" 2>/dev/null
echo not reached
