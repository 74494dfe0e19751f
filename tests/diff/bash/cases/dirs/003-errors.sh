# the directory stack's errors and their statuses
pushd
echo "pushd: $?"
popd
echo "popd: $?"
pushd /nonexistent-sbxsh
echo "missing: $?"
pushd / /tmp
echo "two: $?"
pushd -x
echo "bad: $?"
dirs +5
echo "range: $?"
dirs x
echo "dirs x: $?"
pushd / >/dev/null
popd x
echo "popd x: $?"
popd +7
echo "popd +7: $?"
