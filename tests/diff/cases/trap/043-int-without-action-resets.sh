trap 'echo x' INT
trap INT
echo "status $?"
trap
