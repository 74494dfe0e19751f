echo one > f
echo two >> f
echo three 1>>f
cat f
