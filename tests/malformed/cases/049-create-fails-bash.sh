# expect: status=1 stderr=cannot create /nonexistent-dir/x
# bash's status for a failed redirection (dash's 2 is 026, under --posix)
echo hi > /nonexistent-dir/x
exit $?
