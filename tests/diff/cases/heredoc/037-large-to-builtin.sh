big=$(i=0; while [ $i -lt 5000 ]; do echo "row $i"; i=$((i+1)); done)
n=0
while read l; do n=$((n + 1)); done <<EOF
$big
EOF
echo "$n"
