for n in 1 2 3; do
	if [ $n = 1 ]; then echo one
	elif [ $n = 2 ]; then echo two
	else echo other
	fi
done
