> f echo first
cat f
echo a > f b
cat f
< f cat
