echo before
for i in 1 2; do
	echo never
