i=1 j=$((i + 1)) sh -c 'echo "$i $j"'
