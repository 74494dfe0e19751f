echo before
exit 4
echo never
