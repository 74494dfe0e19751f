for w in $(echo "a  b c"); do echo "[$w]"; done
for w in "$(echo "a  b c")"; do echo "[$w]"; done
