f=$(mktemp)
cat <<ONE 3<<TWO - /dev/fd/3 2>/dev/null || cat <<THREE
one
ONE
two
TWO
three
THREE
rm -f "$f"
