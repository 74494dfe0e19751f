# FUNCNAME is an array: the running functions, innermost first, and
# "main" at the bottom in a script; empty outside a function
echo "top [${FUNCNAME[*]}] ${#FUNCNAME[@]} [${FUNCNAME-unset}]"
f() { echo "${FUNCNAME[0]} ${FUNCNAME[1]} | ${FUNCNAME[@]} | ${#FUNCNAME[@]} | $FUNCNAME ${FUNCNAME[-1]}"; }
g() { f; }
g
f
h() { FUNCNAME=zz; echo "$FUNCNAME ${FUNCNAME[*]}"; }
h
r() { if [ $1 -gt 0 ]; then r $(($1 - 1)); else echo "${FUNCNAME[*]}"; fi; }
r 3
k() { (echo "sub ${FUNCNAME[*]}"); echo "cmdsub $(echo ${FUNCNAME[1]})"; eval 'echo "eval ${FUNCNAME[*]}"'; }
k
(set -u; echo "${FUNCNAME[0]}"; echo not here)
echo status $?
