set -e
(false; echo "inside: -e ignored in a non-last and-or element") || echo rescued
echo end
