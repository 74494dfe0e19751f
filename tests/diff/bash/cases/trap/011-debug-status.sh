# The action sees the last command's $? and leaves it as it was; it does
# not run inside itself; a function setting DEBUG keeps it after return
trap 'true; echo "[$?] $BASH_COMMAND"' DEBUG
false
echo "status $?"
(exit 3)
echo "status $?"
trap - DEBUG
h() { trap 'echo "H: $BASH_COMMAND"' DEBUG; }
h
echo after
trap - DEBUG
trap 'echo "D: $BASH_COMMAND"; exit 7' DEBUG
echo never
