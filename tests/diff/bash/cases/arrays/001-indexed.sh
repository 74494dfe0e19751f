a=(1 "2 3" 4); echo ${#a[@]} "${a[1]}" $a ${a}
for x in "${a[@]}"; do echo "[$x]"; done
for x in ${a[@]}; do echo "<$x>"; done
a+=(five six); echo "${a[*]}"; echo ${!a[@]}
a[10]=ten; echo ${!a[@]}; echo ${a[-1]} ${a[@]:1:2} ${a[@]: -2}
i=2; b=(x y z); echo ${b[i]} ${b[$i]} ${b[i-1]} $((b[1]=5)) ${b[1]} ${#b[1]} ${#b}
b[i]+=zz; echo "${b[@]}"
