unset u
for w in ${u:-a b c}; do echo "[$w]"; done
for w in "${u:-a b c}"; do echo "[$w]"; done
