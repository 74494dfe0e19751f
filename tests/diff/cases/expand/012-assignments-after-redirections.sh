# XCU 2.9.1: redirections are performed before the assignments are
# expanded, so the command substitution's stderr goes to the file.
x=$(echo to-err >&2; echo value) 2>err
echo "x=$x"
cat err
