# XCU 2.10.1: digits right before < or > are an IO_NUMBER, 11 included;
# dash takes fds 0-9 only (deviations.txt).
echo 11>m
echo "[$(cat m)]"
