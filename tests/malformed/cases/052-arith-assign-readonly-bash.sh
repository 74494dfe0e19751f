# expect: status=1 stderr=r: readonly variable
# bash's words and status (dash's are 037, under --posix)
readonly r=1
echo $((r=2))
