echo to-stderr >&2 2>/dev/null
{ echo a; echo b >&2; } 2>&1
echo c 2>&1 >/dev/null
