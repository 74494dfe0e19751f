x=$(i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done)
echo "${#x}"
printf '%s\n' "$x" | tail -n 1
