echo long-content > f
echo x > f
cat f
: > f
wc -c < f | tr -d ' '
