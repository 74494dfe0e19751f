PS4='TRACE: '
set -x
echo traced
: arg "twowords" x
set +x
