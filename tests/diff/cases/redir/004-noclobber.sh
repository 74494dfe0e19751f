echo first > f
set -C
(echo second > f) 2>/dev/null
echo "status $?"
cat f
echo third >| f
cat f
echo fourth >> f
cat f
set +C
echo fifth > f
cat f
