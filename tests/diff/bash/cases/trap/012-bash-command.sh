# $BASH_COMMAND: the command running, and in an ERR action the one that
# failed (also a function's last command)
echo "$BASH_COMMAND"
x=$(echo "$BASH_COMMAND")
echo "$x"
trap 'echo "E: $BASH_COMMAND ($?)"' ERR
false
grep -q nosuch /dev/null
h() { echo in h; return 3; }
h
[[ a == b ]]
(( 0 ))
trap - ERR
echo "$BASH_COMMAND" >/dev/null
echo "$BASH_COMMAND" 'x' "a$x"
