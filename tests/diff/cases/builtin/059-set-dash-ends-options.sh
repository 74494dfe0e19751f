set -x
set -
echo "opts [$-]"
set -- a b
set -
echo "$# $1"
