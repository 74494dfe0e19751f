# expect: status=127 stderr=y: unbound variable
# bash's words and status for set -u (dash's are 032, under --posix)
set -u
echo $y
