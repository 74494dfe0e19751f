set -- file
getopts a o
echo "status $? opt=$o OPTIND=$OPTIND"
