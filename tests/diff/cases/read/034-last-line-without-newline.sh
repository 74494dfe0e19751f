printf 'one\ntwo' >f
while read l; do echo "[$l]"; done <f
echo "[$l] $?"
