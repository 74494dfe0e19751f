# without -E a function neither sees nor runs the caller's ERR trap; one it
# sets inside stays after it returns
trap 'echo outer' ERR
f() { trap -p ERR; false; echo "f done"; }
f
g() { trap 'echo inner $?' ERR; false; }
g
false
trap -p ERR
