# read with no name sets REPLY, whitespace kept
echo "  a b  " | { read; echo "[$REPLY]"; }
printf 'x y z\n' | { read a b; echo "[$a][$b]"; }
