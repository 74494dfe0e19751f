set -e
f() { false; echo "runs: in condition"; return 1; }
while f; do :; done
echo end
