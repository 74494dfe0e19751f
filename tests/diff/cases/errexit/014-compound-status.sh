set -e
{ false; } || echo rescued-brace
if true; then false; fi || echo rescued-if
echo end
