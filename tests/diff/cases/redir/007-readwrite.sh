printf 'abcdef\n' > f
exec 3<> f
read -r line <&3
echo "read: $line"
exec 3>&-
echo new 1<> g
cat g
printf 'XY' 1<> f
cat f
