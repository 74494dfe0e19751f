x=abc
echo "${x:0:-4}"; echo "not reached $?"
echo "next $?"
set -- a b; echo "${@:1:-1}"; echo "not reached $?"
f() { echo "${x:1:-5}"; echo "not reached"; }; f; echo "not reached"
echo "end $?"
