: > old
touch -t 200001010000 old
: > new
[ new -nt old ] && echo newer
[ old -ot new ] && echo older
