printf 'a\tb\tc\n' > f
read x y < f
echo "[$x] [$y]"
