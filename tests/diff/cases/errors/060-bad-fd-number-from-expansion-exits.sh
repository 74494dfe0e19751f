x=file
echo before
echo hi >&$x 2>/dev/null
echo not reached
