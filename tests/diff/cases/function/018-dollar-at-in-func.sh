f() { for a in "$@"; do echo "<$a>"; done; }
f "a b" c ""
echo "count: $(f 1 2 3 | wc -l | tr -d ' ')"
