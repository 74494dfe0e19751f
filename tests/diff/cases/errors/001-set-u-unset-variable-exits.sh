# XCU 2.8.1 / set -u: expanding an unset variable is an expansion error,
# which ends a non-interactive shell (status 2 in dash).
set -u
echo before
echo "value: $no_such_var" 2>/dev/null
echo not reached
