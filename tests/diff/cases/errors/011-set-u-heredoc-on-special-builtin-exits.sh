set -u
: <<EOF 2>/dev/null
value $nope
EOF
echo not reached
