set -v -x
set - a b
echo "$# $1 [$-]"
