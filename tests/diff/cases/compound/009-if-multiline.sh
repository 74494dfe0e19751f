if
	true
then
	echo a
elif
	false
then
	echo b
fi
