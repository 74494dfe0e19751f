set -- "a b" c
IFS=
for w in "$@"; do echo "[$w]"; done
for w in $@; do echo "<$w>"; done
for w in $*; do echo "{$w}"; done
