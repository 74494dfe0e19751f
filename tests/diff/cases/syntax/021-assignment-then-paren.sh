echo before
a=(echo X); echo "never: $a"
echo never
