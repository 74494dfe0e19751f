unset -f 1abc
echo "status $?"
