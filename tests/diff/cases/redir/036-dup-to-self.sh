echo same 1>&1
echo same2 2>&2
