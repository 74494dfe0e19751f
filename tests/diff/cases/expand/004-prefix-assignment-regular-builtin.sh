A=1 B=$A eval 'echo "[$A][$B]"'
A=1 B=$A command eval 'echo "[$A][$B]"'
echo "after [${A-unset}][${B-unset}]"
