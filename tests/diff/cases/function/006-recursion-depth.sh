depth() {
	[ $1 -eq 0 ] && { echo bottom; return 0; }
	depth $(($1 - 1))
}
depth 200
