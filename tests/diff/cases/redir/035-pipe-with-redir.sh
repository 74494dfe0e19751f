echo a 2>/dev/null | cat
{ echo b; echo c >&2; } 2>&1 | sort
