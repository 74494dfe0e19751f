set -- 'a b' 'c d'
IFS=:
for w in $*; do echo "[$w]"; done
for w in $@; do echo "[$w]"; done
