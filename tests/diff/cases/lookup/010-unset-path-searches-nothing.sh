unset PATH
ls >/dev/null 2>&1
echo "status $?"
