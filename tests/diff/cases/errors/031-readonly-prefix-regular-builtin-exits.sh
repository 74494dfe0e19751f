# "a=b true" assigns first: a variable assignment error ends the script.
readonly a=a
a=b true 2>/dev/null
echo not reached
