declare -r r=(1 2); echo ${r[@]}
r[1]=2
echo not reached
