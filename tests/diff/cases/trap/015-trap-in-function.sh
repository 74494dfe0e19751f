f() { trap 'echo "exit from f-set trap"' EXIT; }
f
echo body
