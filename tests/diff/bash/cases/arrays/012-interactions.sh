set -- "one two" three
a=("$@"); echo ${#a[@]}; a=($@); echo ${#a[@]}; a=("$*"); echo ${#a[@]}
f() { echo $#; }; b=(x "y z" ""); f "${b[@]}"; f ${b[@]}; f "${b[*]}"; f "${b[@]:1}"
for i in "${!b[@]}"; do printf '%s=[%s] ' "$i" "${b[i]}"; done; echo
files=(); for n in 3 1 2; do files+=("f$n.txt"); done; echo "${files[@]}" ${#files[@]}
s="a,b,c"; IFS=, read -ra parts <<< "$s"; echo "${parts[1]}" ${#parts[@]}
c=(${s//,/ }); echo ${c[2]}
unset 'c[0]'; echo "${c[@]}" ${!c[*]}
echo "${b[@]:+set}" "${e[@]:-empty}"
