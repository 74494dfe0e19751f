false
x=1
echo "status after assignment: $?"
false
x=$(exit 3)
echo "status of assignment with cmdsub: $?"
