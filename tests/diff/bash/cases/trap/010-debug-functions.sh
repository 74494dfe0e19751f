# A function does not inherit DEBUG unless set -T (functrace), where it
# also runs again as the function starts; nor do subshells and $(...)
f() { echo "in f"; g; }
g() { echo 'in g'; }
trap 'echo "D: $BASH_COMMAND"' DEBUG
f
x=$(echo sub)
(echo sub)
set -T
f
x=$(echo sub2)
(echo sub3)
set +T
f
set -o functrace
f
set +o functrace
echo done
