type cd ls ls
echo "status $?"
type no_such_thing cd
echo "status $?"
