# XCU 2.10.1: digits right before < or > are an IO_NUMBER, 42 included;
# dash takes fds 0-9 only (deviations.txt). (42: clear of the shell's own
# descriptors, which a redirection may never name.)
echo 42>m
echo "[$(cat m)]"
