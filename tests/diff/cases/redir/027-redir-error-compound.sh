{ echo not-printed; } < /nonexistent/file 2>/dev/null
echo "status $?"
