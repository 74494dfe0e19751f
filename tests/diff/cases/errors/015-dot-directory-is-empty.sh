# dash reads a directory as an empty script: no error, status 0.
mkdir d
false
. ./d
echo "status $?"
