set -- a b
command shift 3 2>/dev/null
echo "status $? and $# left"
