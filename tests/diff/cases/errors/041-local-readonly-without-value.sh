readonly r=1
f() { local r; echo "in f r=$r"; }
f
echo "after $?"
