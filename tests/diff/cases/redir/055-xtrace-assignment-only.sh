{ set -x; x=1 2>/dev/null; set +x; } 2>trace
sed 's/^+ //' trace
