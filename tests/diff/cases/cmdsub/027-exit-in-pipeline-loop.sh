echo x | while read l; do exit 3; done
echo "status $?, script continues"
