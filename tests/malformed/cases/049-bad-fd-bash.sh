# expect: status=1 stderr=99: Bad file descriptor
# bash's status for a failed redirection (dash's 2 is 025, under --posix)
echo x >&99
