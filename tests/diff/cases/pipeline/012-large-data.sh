i=0
while [ $i -lt 3000 ]; do echo "line $i"; i=$((i+1)); done | cat | cat | wc -l | tr -d ' '
