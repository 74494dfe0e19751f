#MODES: file,stdin,pipe
# syntax errors in eval: "eval: line N", status 2, the script goes on
# (bash -c words some of these without the eval prefix: not -c here)
eval "echo ("
echo "st=$?"
eval "if then"
echo "st=$?"
eval "echo \"ab"
echo "st=$?"
eval "for x in a; do echo \$x"
echo "st=$?"
eval "x=(a b"
echo "st=$?"
eval "[[ a b ]]"
echo "st=$?"
