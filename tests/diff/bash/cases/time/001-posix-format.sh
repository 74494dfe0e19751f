# time -p: POSIX's three lines, on the shell's stderr
time -p true
time -p echo out
echo "status $?"
{ time -p true; } 2>&1 | sed 's/[0-9]/N/g'
