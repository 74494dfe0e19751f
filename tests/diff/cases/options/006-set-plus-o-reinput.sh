set -e -u
s=$(set +o)
set +e +u
eval "$s"
case $- in *e*u*|*u*e*) echo restored ;; *) echo "not restored: $-" ;; esac
