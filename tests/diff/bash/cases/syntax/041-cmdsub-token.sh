#MODES: file
# a keyword where $( needs a command (bash words stdin and -c's status
# differently by accident: a file here)
echo before
echo $(fi)
echo after
