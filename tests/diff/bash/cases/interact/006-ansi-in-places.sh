case $'a\tb' in a$'\t'b) echo case-match ;; esac
x=${y:-$'d\te'}; printf '%s\n' "$x" | od -An -c
printf '%s\n' {$'a\tb',c} | od -An -c
[[ $'\n' == $'\n' ]] && echo nl
cat <<< $'two\nlines'
f() { printf '[%s]\n' "$@"; }; f $'a b' $'c'
