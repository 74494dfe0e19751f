here=$PWD
unset HOME
cd
echo "status $?"
[ "$PWD" = "$here" ] && echo stayed
