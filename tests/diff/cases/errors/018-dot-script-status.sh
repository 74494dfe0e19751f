printf 'echo in file\n(exit 3)\n' >f
. ./f
echo "status $?"
