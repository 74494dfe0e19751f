HOME=/h
a=~: b=~:baz c=:~ d=baz:~ e=:~: f=~:x:~/y:~:~
printf '[%s]' "$a" "$b" "$c" "$d" "$e" "$f"; echo
g=d=~ h==~
printf '[%s]' "$g" "$h"; echo
