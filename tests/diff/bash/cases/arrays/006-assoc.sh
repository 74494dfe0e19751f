declare -A m; m[k]=v; m["x y"]=z; m[a]=1; m[b]=2
echo "${m[k]}" "${m[x y]}" ${#m[@]}; echo ${!m[@]}; echo ${m[@]}
declare -p m
unset 'm[k]'; echo ${!m[@]}
declare -A n=([one]=1 [two]=2 [three]=3); for k in "${!n[@]}"; do echo "$k=${n[$k]}"; done
k=two; echo ${n[$k]} ${n[nope]-none}
n[one]+=0; echo ${n[one]}
