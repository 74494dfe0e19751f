echo 'return 5' > r.sh
f() { . ./r.sh; echo "after dot: $?"; }
f
