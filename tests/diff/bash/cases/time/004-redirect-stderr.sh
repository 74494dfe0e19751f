# the report goes to the shell's stderr, not the command's
TIMEFORMAT='T'
time echo hidden 2>/dev/null
{ time echo shown; } 2>/dev/null
{ time ls /nonexistent-dir 2>/dev/null; } 2>&1; echo "st $?"
time echo 'to file' > out.txt; cat out.txt
