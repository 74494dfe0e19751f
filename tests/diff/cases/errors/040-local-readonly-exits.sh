# local is a special builtin in dash: "is read only" ends the script.
readonly r=1
f() { local r=2; echo not reached; }
f 2>/dev/null
echo not reached either
