echo a > f
echo visible
read x < f
echo "x=$x"
cd . > f
echo still-stdout
