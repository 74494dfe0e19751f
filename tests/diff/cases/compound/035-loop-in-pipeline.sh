printf 'a\nb\n' | while read l; do echo "got $l"; done
for x in 1 2; do echo $x; done | tr '\n' ,
echo
