mkdir -p p/q && cd p && touch a.c b.h 'sp ace.c' q/r.c q/.s.c
shopt -s extglob globstar nullglob
echo {a,b}.@(c|h) x{1,2}@(z)
for f in **/*.c; do printf '%q\n' "$f"; done
set -- **/@(*.c|*.h); echo $#
printf -v all '%s,' **/*.c; echo "${all%,}"
n=0; for f in **/*.none @(zz); do n=$((n + 1)); done; echo n=$n
shopt -s dotglob; echo **/*.c
v='sp ace.c'; case $v in @(sp\ *)) echo escaped-blank ;; esac
case $v in @("sp "*)) echo quoted-blank ;; esac
x=$(printf '%s\n' !(q)); echo "$x" | wc -l
