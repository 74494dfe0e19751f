# declare -n: a name reference; assigning, expanding, unsetting it act
# on the variable it names; ${!ref}, unset -n, declare -p the reference
declare -n r=x; r=5; echo "x=$x r=$r ${!r}"
declare -p r
r+=1; echo $x
unset r; echo "${x-gone}"; declare -p r
x=7; echo $r
unset -n r; echo "${r-unset} $x"
f() { local -n ref=$1; ref=(1 2 3); ref[5]=9; echo "${#ref[@]}"; }; f arr; echo "${arr[@]}" "${!arr[@]}"
g() { local -n out=$1; out="from g"; }; g res; echo "$res"
h() { local -n c=$1; (( c++ )); }; n=4; h n; echo $n
declare -n s=t; echo "[${s-unset}]"; s=1; echo "t=$t"
declare -n q=1bad; echo "st=$?"
declare -n self=self; echo "st=$?"
declare -n u=v; declare -n v=w; w=deep; echo $u
declare -n rr=yy; read rr <<< "via read"; echo "$yy"
declare -n ar=A1; declare -a A1=(p q); echo "${ar[1]} ${#ar[@]}"
declare -n r=x; declare r=6; echo "x=$x"
export r; declare -p x
declare -n s=y; s=(1 2); declare -p y
t() { local v=inner; local -n ref=v; ref=changed; echo "$v"; }; t
declare -n up=z; up=abc; declare -u z; up=def; echo $z
declare +n r; echo "r=$r"; declare -p r
declare -n k; k=target; echo "k=${!k} target=${target-unset}"; declare -p k
declare -n m=mm; echo "${#m}" "${m:-dflt}"; mm=hello; echo "${#m} ${m^^} ${m:1:2}"
unset -n nosuch; echo "st=$?"
echo "end"
