# (( )), let, for (( )), [[ -eq ]], declare -i, subscripts and ${x:off}
# name themselves in bash's words
(( 1/0 )); echo "st=$?"
(( 1 + )); echo "st=$?"
(( x = 2 ** -1 )); echo "st=$?"
let 'x=1/0'; echo "st=$?"
let '1+'; echo "st=$?"
let 'y=1' '2 3'; echo "st=$? y=$y"
let '(1 2)'; echo "st=$?"
for ((i=1/0;;)); do :; done; echo "st=$?"
for ((i=0; i<1; i+=)); do echo "i=$i"; done; echo "st=$?"
[[ 1/0 -eq 1 ]]; echo "st=$?"
[[ 1+ -lt 2 ]]; echo "st=$?"
declare -i n=1/0; echo "dropped"
echo "st=$?"
declare -i m; m=1/0; echo "dropped"
echo "st=$? m=$m"
a=(1); echo ${a[1/0]}; echo "dropped"
echo "st=$?"
a[1/0]=3; echo "dropped"
echo "st=$?"
s=abc; echo ${s:1/0}; echo "dropped"
echo "st=$?"
echo ${s:1:2/0}
set -- a b; echo ${@:1/0}
echo ${a[@]:1+}
readonly ro=1; echo $((ro=2)); echo "dropped"
echo "st=$?"
i=5; (( i++ / 0 )); echo "st=$? i=$i"
