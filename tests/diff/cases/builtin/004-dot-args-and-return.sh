printf 'echo "dot: $#"\nreturn 3\necho never\n' > lib.sh
set -- a b
. ./lib.sh
echo "status $?"
