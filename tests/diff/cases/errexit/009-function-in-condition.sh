set -e
f() { false; echo "f continues in condition context"; }
if f; then echo "f returned 0"; fi
f && echo "and-list too"
echo end
