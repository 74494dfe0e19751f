case $$ in ''|*[!0-9]*) echo "not numeric" ;; *) echo "numeric" ;; esac
p=$$
(q=$$; [ "$p" = "$q" ] && echo "same in subshell")
r=$(echo $$)
[ "$p" = "$r" ] && echo "same in cmdsub"
sh -c 'echo $$' > f
[ "$(cat f)" != "$p" ] && echo "child differs"
