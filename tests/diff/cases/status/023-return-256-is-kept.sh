# dash keeps a return value above 255 in $? (POSIX: unspecified); only
# the exit status of a process is truncated.
f() { return 256; }
f; echo $?
g() { return 300; }
g; echo $?
