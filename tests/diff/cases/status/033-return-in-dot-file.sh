printf 'echo in\nreturn 7\necho not reached\n' >f
. ./f
echo "status $?"
