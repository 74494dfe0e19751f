declare -p nope1 nope2; echo $?
a=(1); declare -A a; echo st=$?
declare -A m; declare -a m; echo st=$?
declare -r r=1; declare r=2; echo st=$?
r=3
echo not reached
