# dash reports the bad name and goes on to the next before failing.
x=1 y=2
(unset x 1bad y 2>/dev/null; echo not reached)
echo "status $?"
