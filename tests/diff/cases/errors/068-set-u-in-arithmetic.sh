# set -u: a variable that is not set, read in $((...)), is an error too
# (XCU set -u; bash agrees); dash reads it as 0 (deviations.txt).
set -u
(echo $((no_such_var + 1)); echo not reached) 2>/dev/null
[ $? -ne 0 ] && echo subshell failed
x=2
echo $((x + 1))
