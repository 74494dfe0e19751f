set -- -abc -dVAL x
while getopts abcd: o; do echo "$o${OPTARG+=$OPTARG}"; done
echo "OPTIND=$OPTIND"
