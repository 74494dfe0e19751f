set -e
i=0
while [ $i -lt 3 ]; do
	i=$((i + 1))
	[ $i -eq 2 ] && continue
	echo "i=$i"
done
echo "done: last && list did not exit"
