false
f() { :; }
echo "definition status $?"
