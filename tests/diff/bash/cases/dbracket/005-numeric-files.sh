[[ 10 -gt 9 ]] && echo num
[[ 1+1 -eq 2 ]] && echo arith
x=3
[[ x -lt 4 ]] && echo name
[[ 010 -eq 8 ]] && echo octal
touch f; mkdir d
[[ -f f && -d d && -e f && -a f ]] && echo files
[[ -s f ]] || echo empty-file
[[ f -ef f ]] && echo same
[[ -r f && -w f ]] && echo rw
v=1
[[ -v v ]] && echo set
[[ -v nope ]] || echo not-set
[[ -o noglob ]] || echo noglob-off
