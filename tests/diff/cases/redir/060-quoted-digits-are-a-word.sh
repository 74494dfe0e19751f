echo \2>q
echo "2">q2
cat q q2
