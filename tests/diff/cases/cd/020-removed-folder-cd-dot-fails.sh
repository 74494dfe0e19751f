mkdir d
cd d
rmdir ../d
cd . 2>/dev/null
echo "status $?"
