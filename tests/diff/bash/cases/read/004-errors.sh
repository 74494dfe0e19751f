# bad options, numbers, names and descriptors
read -x
echo "option: $?"
read -n
echo "no arg: $?"
read -n x y </dev/null
echo "number: $?"
read -t x y </dev/null
echo "timeout: $?"
read 1x </dev/null
echo "name: $?"
read -u 9 x
echo "fd: $?"
readonly r
echo x | { read r; echo "readonly: $?"; }
