echo before
if true; then
	echo never
