mkdir d
echo x > d 2>/dev/null
echo "status $?"
