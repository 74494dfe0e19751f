set -e
for i in 1 2; do
	echo $i
	false
done
echo never
