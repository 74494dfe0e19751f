set -e
g() { false; echo "g continues"; return 0; }
f() { g; echo "f continues"; }
f || echo unreachable
echo end
