set -- -b
getopts :b: opt
echo "opt=$opt OPTARG=$OPTARG"
OPTIND=1
getopts b: opt 2>/dev/null
echo "opt=$opt"
