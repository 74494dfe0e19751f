# POSIX: a trap on KILL or STOP has undefined results; dash takes it
# (status 0) and lists it, the signal still cannot be caught.
trap 'echo never' KILL
echo "status $?"
trap 'echo never' 9
echo "status $?"
trap
