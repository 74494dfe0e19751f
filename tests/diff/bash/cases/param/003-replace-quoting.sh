x='a b  c'
printf '<%s>\n' ${x// /_} "${x// /_}" ${x//b/x y} "${x//b/x y}"
v='one two'; printf '<%s>\n' ${v/one/$v} "${v/one/"$v"}"
set -- a-1 b-2; printf '<%s>\n' "${1/-/+}" "${2//[0-9]/N}"
unset u; printf '<%s>\n' "${u/a/b}" ${u/a/b} "${u//}"
