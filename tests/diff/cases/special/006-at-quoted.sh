set -- "a b" c "" d
for w in "$@"; do echo "[$w]"; done
echo "count $#"
