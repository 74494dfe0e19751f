x=$(i=0; while [ $i -lt 20000 ]; do echo "0123456789 abcdefghij $i"; i=$((i+1)); done)
echo "${#x}"
y=$(cat <<EOF
$x
EOF
)
[ "$x" = "$y" ] && echo same
