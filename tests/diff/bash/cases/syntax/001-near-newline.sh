#MODES: file,c,stdin,pipe
# a "(" with nothing after it: the newline is the unexpected token,
# and bash shows the offending line after the message
echo before
echo (
echo after
