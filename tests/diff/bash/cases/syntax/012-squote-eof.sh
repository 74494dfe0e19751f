#MODES: file,c,stdin,pipe
# an unterminated single quote: the line it opened on
echo before
echo 'abc
def
