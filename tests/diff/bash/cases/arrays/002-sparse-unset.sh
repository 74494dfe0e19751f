a=([2]=x [5]=y z); echo ${!a[@]} "${a[@]}"
unset 'a[5]'; echo ${!a[@]} ${#a[@]}
unset 'a[-1]'; echo ${!a[@]}
a[1]=one; echo ${!a[@]} "${a[*]}"
unset a; echo "${#a[@]}" "${a[@]-gone}"
x=5; x[2]=7; echo ${!x[@]} "${x[@]}"
