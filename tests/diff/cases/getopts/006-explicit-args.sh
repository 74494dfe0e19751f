while getopts xy: o -x -y val rest; do echo "$o ${OPTARG-}"; done
echo "OPTIND=$OPTIND"
