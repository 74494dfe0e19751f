# caller [N]: the line and file a function was called from (N: and the
# caller's name), from bash's call stack; errors
caller; echo "st=$?"
caller 0; echo "st=$?"
f() { caller; caller 0; caller 1; echo "st=$?"; caller 2; echo "st=$?"; }
g() { f; }
g
caller x; echo "st=$?"
f() { caller -1; echo "st=$?"; caller 1 2; echo "st=$?"; }; f
printf "%s\n" "h() { caller 0; caller 1; }" "h" > lib2.sh
k() { . ./lib2.sh; }; k
