seq 3000 >f
exec 6<f
while read a <&6; do [ "$a" = 1000 ] && break; done
read b <&6
echo "$b"
head -n 1 <&6
