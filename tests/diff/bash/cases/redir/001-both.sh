{ echo out; echo err >&2; } &> f
cat f
{ echo more; echo err2 >&2; } &>> f
cat f
ls /nonexistent-x &>/dev/null; echo "st=$?"
f() { echo o; echo e >&2; }
f |& tr a-z A-Z
f 2>/dev/null |& cat
echo a |& cat
