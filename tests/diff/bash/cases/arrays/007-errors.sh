a=(1 2); echo "${a[-5]}"; echo st=$?
declare -A m; m=(k v); declare -p m
a[-5]=x
echo not reached
