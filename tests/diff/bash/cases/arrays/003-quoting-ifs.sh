a=("a b" "" c); set -- "${a[@]}"; echo $#
set -- ${a[@]}; echo $#
set -- "${a[*]}"; echo $# "$1"
IFS=:; echo "${a[*]}"; b=(p:q r); echo ${b[@]}; IFS=' '
IFS=; c=("${a[@]}"); echo ${#c[@]} "${c[*]}"; unset IFS
printf '<%s>' "${a[@]}" x"${a[@]}"y; echo
e=(); echo "${#e[@]}" "[${e[*]}]"; set -- "${e[@]}"; echo $#
