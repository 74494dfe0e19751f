echo x < /nonexistent/file 2>/dev/null
echo "status $?"
echo still-running
