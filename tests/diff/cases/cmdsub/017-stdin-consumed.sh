printf 'a\nb\n' > f
{ x=$(read l; echo "$l"); echo "[$x]"; read y; echo "[$y]"; } < f
