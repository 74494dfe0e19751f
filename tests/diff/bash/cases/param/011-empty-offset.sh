x=abc
echo "${x:}"; echo "not reached"
echo "after $?"
