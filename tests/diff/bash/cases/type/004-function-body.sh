# type f re-prints the body as bash does: one command a line, four spaces
# a level, ';' between commands and after if/while/for bodies
f() { echo a; echo b > /dev/null 2>&1; if true; then echo t; elif false; then :; else echo e; fi; for i in a b; do echo $i; done; while false; do break; done; case $x in a) echo a;; *) echo b;; esac; { echo g; }; ( echo s ); a && b || c; x | y; [[ $a == b ]]; x=1 y=2; ! true; time ls; local z="q w"; }
type f
g() { echo one; }
type g
h() ( echo sub )
type h
k() { until false; do echo "$@" "${x}y" "$1"; done >> log; }
type k
m() { for a; do case $a in -v|--verbose) v=1 ;; esac; done; }
type m
n() { if [ -f x ]; then cat x | wc -l; fi; echo "${p:-d}" "${#q}"; }
type n
type -t f
