(exit 3)
echo "status $?"
(echo before; exit 0; echo after)
echo "continued"
