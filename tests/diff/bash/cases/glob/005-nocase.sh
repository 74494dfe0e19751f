mkdir d && cd d && touch Apple banana Cherry.TXT dot.txt
echo [a-c]*
shopt -s nocaseglob
echo a* B* *.txt [a-c]* C*.txt
echo APPLE
shopt -u nocaseglob; shopt -s nocasematch
x=Hello
case $x in hello) echo case-nocase ;; esac
[[ $x == HELLO ]] && echo cond-nocase
[[ $x =~ ^h.*O$ ]] && echo regex-nocase
echo ${x/l/L} ${x//L/_} ${x#h} ${x%O}
shopt -u nocasematch
case $x in hello) echo still ;; *) echo case-sensitive ;; esac
shopt nocaseglob nocasematch; echo $?
