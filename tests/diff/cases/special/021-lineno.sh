echo "line $LINENO"

echo "line $LINENO"
for i in 1 2; do
	echo "loop line $LINENO"
done
x=$LINENO; echo "x=$x"
