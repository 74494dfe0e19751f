printf '1\n2\n3\n4\n5\n' >f
exec 3<f
read a <&3
head -n 1 <&3
read b <&3
cat <&3
echo "$a $b"
