echo x >&file 2>/dev/null
echo not reached
