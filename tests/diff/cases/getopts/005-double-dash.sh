set -- -a -- -b
while getopts ab o; do echo "got $o"; done
shift $((OPTIND - 1))
echo "rest: $*"
