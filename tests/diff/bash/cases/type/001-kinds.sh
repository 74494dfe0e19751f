# type -t names the kind of each word; a missing one fails with 1
f() { :; }
type -t f cd if ls missing-sbxsh-cmd
echo "status $?"
type -t [[ function
type cd if
type missing-sbxsh-cmd
echo "status $?"
