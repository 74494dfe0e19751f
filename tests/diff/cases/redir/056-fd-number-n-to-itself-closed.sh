# n>&n does nothing, even on a closed fd: dash and bash agree (POSIX
# asks for an error when the fd is not open).
exec 5>&-
if echo hi 5>&5 2>/dev/null; then echo ok; else echo failed; fi
