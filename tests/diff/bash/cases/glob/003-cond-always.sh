# [[ == ]] reads extglob patterns whatever the option (bash parses them
# so), a pattern from a variable too; case and ${x#} only with extglob
x=abc
[[ $x == @(abc|d) ]] && echo yes1
[[ $x == +(a|b|c) ]] && echo yes2
[[ $x == !(abc) ]] || echo no3
p='@(abc)'; [[ $x == $p ]] && echo yes4
case $x in $p) echo case-ext ;; *) echo case-literal ;; esac
echo ${x#$p}.
shopt extglob; echo $?
