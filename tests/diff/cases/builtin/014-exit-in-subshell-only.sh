(exit 1)
echo "still running"
