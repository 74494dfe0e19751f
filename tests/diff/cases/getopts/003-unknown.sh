set -- -z
getopts ab opt 2>/dev/null
echo "opt=$opt"
set -- -z
OPTIND=1
getopts :ab opt
echo "opt=$opt OPTARG=$OPTARG"
