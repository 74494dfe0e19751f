# $! is the last process substitution's pid and `wait $!` waits for it,
# giving its status (again on a second wait); `wait` alone waits for it
# too; it is no job (issue 24)
echo "[$!]"
cat <(echo x)
[[ $! =~ ^[1-9][0-9]*$ ]] && echo numeric
wait $!; echo "wait: $?"
cat <(sleep 0.2; echo late; exit 3)
wait $!; echo "wait: $?"
wait $!; echo "again: $?"
: <(sleep 0.3; echo never; exit 4)
wait $!; echo "the reader closed first: $?"
echo hi > >(cat; exit 5)
wait $!; echo "wait: $?"
sleep 0.1 &
b=$!
: <(exit 6)
[[ $b != "$!" ]] && echo "not the job's"
wait $b; echo "job: $?"
wait $!; echo "procsub: $?"
jobs
: <(sleep 0.2; exit 7)
wait; echo "wait all: $?"
( wait $! 2>/dev/null; echo "in a subshell: $?" )
while read -r l; do echo "got $l"; done < <(printf '%s\n' a b; exit 8)
wait $!; echo "loop: $?"
