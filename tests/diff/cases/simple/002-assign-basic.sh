a=1 b=2
echo "$a $b"
a=$b b=$a
echo "$a $b"
