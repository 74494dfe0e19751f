set -e
eval false || echo "eval in or-list rescued"
eval 'false; echo "eval body: -e ignored"' || echo rescued
echo end
