x=$(printf 'a\n\n\n')
echo "[$x]"
y=$(printf '\n\nb\n\nc\n\n')
echo "[$y]"
z=$(printf '\n\n')
echo "[$z]"
