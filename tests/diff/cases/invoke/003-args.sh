#ARGS: one two three
echo "$# $1 $2 $3"
for a; do echo "[$a]"; done
shift
echo "$*"
