# RETURN: runs when the function that set it returns, and after a . script
trap 'echo R1' RETURN
f() { echo f; }
f
g() { trap 'echo "R2 $? ${FUNCNAME:-top}"' RETURN; echo g; return 3; }
g; echo "st $?"
f
echo 'echo sourced' > s.sh
. ./s.sh
trap - RETURN
. ./s.sh
