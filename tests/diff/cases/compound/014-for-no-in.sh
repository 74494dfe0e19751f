set -- one "two words" three
for arg; do echo "[$arg]"; done
for arg
do
	echo "again $arg"
done
