x=abc
echo before
echo "${x@Z}"
echo not reached
