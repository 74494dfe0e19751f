A=1 B=$(echo "in $A") sh -c 'echo "$B"'
