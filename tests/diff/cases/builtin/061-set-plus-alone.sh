set -e
set +
echo "[$-] $#"
set + a
echo "$# $1"
