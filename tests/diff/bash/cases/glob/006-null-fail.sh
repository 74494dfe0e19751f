mkdir d && cd d && touch a.c b.c
shopt -s extglob nullglob
for f in @(*.h|*.x); do echo "in: $f"; done; echo loop-done
for f in @(*.c|*.x); do echo "in: $f"; done
set -- !(*.c); echo $#
shopt -u nullglob; echo @(*.h) end
shopt -s failglob
echo @(*.h); echo same-line
echo next-line $?
shopt -s globstar
echo **/*.none; echo same-line
echo after $?
echo **/*.c
