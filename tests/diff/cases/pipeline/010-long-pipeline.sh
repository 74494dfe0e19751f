seq 1 20 2>/dev/null | cat | cat | cat | cat | cat | cat | wc -l | tr -d ' ' || true
echo 1 2 3 4 5 | tr ' ' '\n' | sort -r | tr '\n' ' '
echo
