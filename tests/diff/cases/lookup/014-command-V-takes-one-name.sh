command -V cd echo
echo "status $?"
