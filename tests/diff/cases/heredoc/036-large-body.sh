big=$(i=0; while [ $i -lt 8000 ]; do echo "line number $i of the big here-document"; i=$((i+1)); done)
cat <<EOF | wc -l | tr -d ' '
$big
EOF
cat <<EOF | tail -n 1
$big
EOF
