(set -Q) 2>/dev/null
echo $?
