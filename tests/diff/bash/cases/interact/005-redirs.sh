set -o noclobber
echo a > f
{ echo b &> f; } 2>/dev/null || echo clobber-refused
echo c &>> f
cat f
set +o noclobber
f() { echo out; echo err >&2; }
f |& sort
set -o pipefail
false |& true; echo "st=$?"
{ f; f; } |& wc -l
f &> /dev/null && echo quiet
