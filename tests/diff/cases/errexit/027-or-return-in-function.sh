set -e
f() { false || return 5; echo never; }
f || echo "f failed with $?"
echo end
