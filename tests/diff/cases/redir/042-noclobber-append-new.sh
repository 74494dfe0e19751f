set -C
echo a >> new1
cat new1
echo b > new2
cat new2
(echo c > new2) 2>/dev/null || echo refused
