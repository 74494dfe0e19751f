a=(apple banana cherry); echo ${a[@]^^} ${a[@]^}
echo "${a[@]/a/A}" "${a[@]//a/_}" ${a[@]#?} ${a[@]%a}
echo ${a[1]:1:3} ${a[@]:0:2} "${a[@]:1}" ${#a[2]}
echo ${a[@]@Q}
f=(x.c y.c); echo "${f[@]%.c}.o"
echo ${a[5]-unset} ${a[0]+set} ${a[@]:-none}
