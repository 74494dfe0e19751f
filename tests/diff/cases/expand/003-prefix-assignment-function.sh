f() { echo "[$A][$B]"; }
A=1 B=$A f
echo "after [${A-unset}][${B-unset}]"
