if false; then :; fi
echo "no branch: $?"
if true; then sh -c 'exit 4'; fi
echo "branch: $?"
if sh -c 'exit 3'; then :; else echo "cond status in else: $?"; fi
