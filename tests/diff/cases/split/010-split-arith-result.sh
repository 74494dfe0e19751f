IFS=1
echo $((10 + 1))
x=$((100 + 11))
echo "$x" $x
