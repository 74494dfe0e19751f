mkdir d && cd d && touch a b ab abc .h c.txt d.txt x.c y.c
shopt -s extglob
echo @(a|b) / +(a|b) / *(a|b|c) / ?(a)b / !(*.txt|*.c)
echo @(*.txt|*.c) / !(a*) / @(zz|yy) / a@(b|bc)
echo @(.h|a) / .@(h) / *(.h) / !(a)
echo @(a|@(b|c.txt)) / +([a-c]).txt / !(+(a|b|c))
mkdir sub && touch sub/f.c sub/g.h
echo sub/@(*.c) / @(sub)/* / */!(*.h)
shopt -u extglob; echo *(a)
