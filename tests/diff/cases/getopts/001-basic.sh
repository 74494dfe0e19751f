set -- -a -b arg file
while getopts ab: opt; do
	case $opt in
		a) echo "flag a" ;;
		b) echo "b=$OPTARG" ;;
	esac
done
echo "OPTIND=$OPTIND"
shift $((OPTIND - 1))
echo "rest: $*"
