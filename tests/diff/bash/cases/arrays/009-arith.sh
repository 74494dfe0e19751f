a=(1 2 3); i=0
while (( i < 3 )); do (( a[i] *= 10 )); i=$((i+1)); done; echo ${a[@]}
echo $(( a[0] + a[2] )) $((a[1]++)) ${a[1]} $(( a[-1] ))
s=0; for v in "${a[@]}"; do (( s += v )); done; echo $s
