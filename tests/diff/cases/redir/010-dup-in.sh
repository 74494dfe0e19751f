echo line1 > f
exec 4< f
cat <&4
exec 4<&-
cat <&4 2>/dev/null || echo "closed: fd 4"
