list="a b  c"
for w in $list; do echo "[$w]"; done
for w in "$list"; do echo "[$w]"; done
